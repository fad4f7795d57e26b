import { InvalidArgumentError, Option, type Command } from 'commander';
import { ENVIRONMENTS, isScope, SCOPES } from '@intake/core/constants';
import { withAdmin } from '../lazy.js';
import { cliIo } from '../io.js';

/** `intake keys create`; returns the `keys` command, which other command families add to. */
export function registerKeyCommands(program: Command): Command {
  const keys = program.command('keys').description('Manage API keys');
  keys
    .command('create')
    .description('Create an API key for an organization')
    .requiredOption('--org <org_id>', 'organization id (org_...)')
    .requiredOption('--scopes <list>', 'comma-separated scopes, e.g. documents:read,documents:write')
    .addOption(new Option('--environment <env>', 'test or live').choices(ENVIRONMENTS).makeOptionMandatory())
    .option('--name <name>', 'key name', 'CLI key')
    .option('--json', 'print the key record with its secret as JSON')
    .action(async (opts: { org: string; scopes: string; environment: string; name: string; json?: boolean }) => {
      const scopes = opts.scopes
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const unknown = scopes.filter((s) => !isScope(s));
      if (unknown.length || scopes.length === 0) {
        throw new InvalidArgumentError(
          `unknown scope ${unknown.map((s) => `"${s}"`).join(', ') || '(none given)'}; valid scopes: ${SCOPES.join(', ')}`,
        );
      }
      await withAdmin(async (admin) => {
        const created = await admin.createApiKey({
          org_id: opts.org,
          name: opts.name,
          environment: opts.environment,
          scopes,
        });
        if (opts.json) cliIo().stdout.write(`${JSON.stringify(created)}\n`);
        else
          cliIo().stdout.write(
            `Created ${String(created.id)} for ${opts.org}: ${String(created.key)}\nThis key is shown only now.\n`,
          );
      });
    });
  return keys;
}
