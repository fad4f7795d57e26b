import { InvalidArgumentError, type Command } from 'commander';
import { withAdmin } from '../lazy.js';
import { cliIo } from '../io.js';

const integer = (value: string) => {
  if (!/^-?\d+$/.test(value)) throw new InvalidArgumentError('must be a whole number');
  return Number(value);
};

/** `intake credits add` and `intake orgs update`: the credit and settings side of administration. */
export function registerCreditCommands(program: Command, orgs: Command): void {
  const credits = program.command('credits').description('Manage credit balances');
  credits
    .command('add')
    .description(
      'Top up an organization (live jobs waiting for credits then run); --adjustment allows negative corrections',
    )
    .requiredOption('--org <org_id>', 'organization id')
    .requiredOption('--amount <n>', 'credits to add', integer)
    .option('--adjustment', 'record an adjustment (may be negative) instead of a top-up')
    .option('--description <text>', 'ledger description')
    .option('--json', 'print the result as JSON')
    .action(
      async (opts: { org: string; amount: number; adjustment?: boolean; description?: string; json?: boolean }) => {
        await withAdmin(async (admin) => {
          const result = await admin.addCredits({
            org_id: opts.org,
            amount: opts.amount,
            type: opts.adjustment ? 'adjustment' : 'top_up',
            ...(opts.description ? { description: opts.description } : {}),
          });
          cliIo().stdout.write(
            opts.json
              ? `${JSON.stringify(result)}\n`
              : `${opts.org}: balance ${String(result.balance)} (available ${String(result.available)})\n`,
          );
        });
      },
    );

  orgs
    .command('update')
    .description("Change an organization's settings")
    .requiredOption('--org <org_id>', 'organization id')
    .option('--low-balance-threshold <n>', 'credits below which credits.low_balance is sent', integer)
    .option('--metadata-search <on|off>', 'allow metadata[key]=value filters on GET /v1/documents')
    .option('--plan <plan>', 'free, starter, professional, business or enterprise')
    .option('--rate-limit <n>', 'requests per minute, overriding the plan', integer)
    .option('--json', 'print the organization as JSON')
    .action(
      async (opts: {
        org: string;
        lowBalanceThreshold?: number;
        metadataSearch?: string;
        plan?: string;
        rateLimit?: number;
        json?: boolean;
      }) => {
        if (opts.metadataSearch !== undefined && !['on', 'off'].includes(opts.metadataSearch))
          throw new InvalidArgumentError('--metadata-search takes on or off');
        await withAdmin(async (admin) => {
          const updated = await admin.updateOrganization({
            org_id: opts.org,
            ...(opts.lowBalanceThreshold !== undefined ? { low_balance_threshold: opts.lowBalanceThreshold } : {}),
            ...(opts.metadataSearch !== undefined ? { metadata_search_enabled: opts.metadataSearch === 'on' } : {}),
            ...(opts.plan !== undefined ? { plan: opts.plan } : {}),
            ...(opts.rateLimit !== undefined ? { rate_limit_per_minute: opts.rateLimit } : {}),
          });
          cliIo().stdout.write(opts.json ? `${JSON.stringify(updated)}\n` : `Updated ${opts.org}.\n`);
        });
      },
    );
}
