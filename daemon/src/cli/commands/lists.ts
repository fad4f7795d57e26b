import type { Command } from 'commander';
import { withAdmin } from '../lazy.js';
import { formatTable } from '../table.js';
import { cliIo } from '../io.js';

interface OrgRow {
  id: string;
  name: string;
  plan: string;
  credits: number;
  created_at: string;
}

interface KeyRow {
  id: string;
  name: string;
  environment: string;
  key_prefix: string;
  scopes: string[];
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/**
 * `intake orgs list`, `intake keys list` and `intake keys revoke`: the keys printed at the first
 * start are shown once, so these show what exists (prefixes only, never a secret) and revoke a key
 * that was lost or leaked.
 */
export function registerListCommands(orgs: Command, keys: Command): void {
  orgs
    .command('list')
    .description('List organizations with their plan and credit balance')
    .option('--json', 'print {"organizations": [...]} as JSON')
    .action(async (opts: { json?: boolean }) => {
      await withAdmin(async (admin) => {
        const { organizations } = (await admin.listOrganizations({})) as { organizations: OrgRow[] };
        if (opts.json) return void cliIo().stdout.write(`${JSON.stringify({ organizations })}\n`);
        cliIo().stdout.write(
          organizations.length === 0
            ? 'No organizations.\n'
            : formatTable(
                ['ID', 'NAME', 'PLAN', 'CREDITS', 'CREATED'],
                organizations.map((o) => [o.id, o.name, o.plan, o.credits, o.created_at]),
              ),
        );
      });
    });

  keys
    .command('list')
    .description("List an organization's API keys (prefixes only: a key's secret is shown once, at creation)")
    .requiredOption('--org <org_id>', 'organization id (org_...)')
    .option('--json', 'print {"keys": [...]} as JSON')
    .action(async (opts: { org: string; json?: boolean }) => {
      await withAdmin(async (admin) => {
        const { keys: list } = (await admin.listApiKeys({ org_id: opts.org })) as { keys: KeyRow[] };
        if (opts.json) return void cliIo().stdout.write(`${JSON.stringify({ keys: list })}\n`);
        cliIo().stdout.write(
          list.length === 0
            ? `No API keys for ${opts.org}.\n`
            : formatTable(
                ['ID', 'NAME', 'ENV', 'PREFIX', 'STATUS', 'LAST USED', 'SCOPES'],
                list.map((k) => [
                  k.id,
                  k.name,
                  k.environment,
                  k.key_prefix,
                  k.revoked_at ? `revoked ${k.revoked_at}` : 'active',
                  k.last_used_at,
                  k.scopes,
                ]),
              ),
        );
      });
    });

  keys
    .command('revoke')
    .description('Revoke an API key: requests with it are refused from now on')
    .requiredOption('--org <org_id>', 'organization id (org_...)')
    .requiredOption('--key <key_id>', 'key id (key_..., from `intake keys list`)')
    .option('--json', 'print the revoked key record as JSON')
    .action(async (opts: { org: string; key: string; json?: boolean }) => {
      await withAdmin(async (admin) => {
        const revoked = (await admin.revokeApiKey({ org_id: opts.org, key_id: opts.key })) as unknown as KeyRow;
        cliIo().stdout.write(
          opts.json
            ? `${JSON.stringify(revoked)}\n`
            : `Revoked ${revoked.id} (${revoked.key_prefix}...) of ${opts.org} at ${String(revoked.revoked_at)}.\n`,
        );
      });
    });
}
