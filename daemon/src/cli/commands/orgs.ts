import { InvalidArgumentError, Option, type Command } from 'commander';
import { PLANS } from '@intake/core/constants';
import { withAdmin } from '../lazy.js';
import { cliIo } from '../io.js';

const int = (name: string) => (value: string) => {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError(`${name} must be a whole number`);
  return Number(value);
};

/** `intake orgs create`; returns the `orgs` command, which other command families add to. */
export function registerOrgCommands(program: Command): Command {
  const orgs = program.command('orgs').description('Manage organizations');
  orgs
    .command('create')
    .description('Create an organization with one live and one test key holding every scope')
    .requiredOption('--name <name>', 'display name')
    .addOption(new Option('--plan <plan>', 'plan (sets the requests-per-minute limit)').choices(PLANS).default('free'))
    .option('--rate-limit <n>', 'requests per minute, overriding the plan', int('--rate-limit'))
    .option('--credits <n>', 'initial credit balance', int('--credits'))
    .option('--json', 'print {"org_id", "live_key", "test_key"} only')
    .action(async (opts: { name: string; plan: string; rateLimit?: number; credits?: number; json?: boolean }) => {
      await withAdmin(async (admin) => {
        const created = await admin.createOrganization({
          name: opts.name,
          plan: opts.plan,
          ...(opts.rateLimit !== undefined ? { rate_limit_per_minute: opts.rateLimit } : {}),
          ...(opts.credits !== undefined ? { credits: opts.credits } : {}),
        });
        if (opts.json) {
          cliIo().stdout.write(
            `${JSON.stringify({ org_id: created.org_id, live_key: created.live_key, test_key: created.test_key })}\n`,
          );
        } else {
          cliIo().stdout.write(
            `Created organization ${created.org_id} (${created.name}, plan ${created.plan}).\n` +
              `  live key: ${created.live_key}\n  test key: ${created.test_key}\nThese keys are shown only now.\n`,
          );
        }
      });
    });
  return orgs;
}
