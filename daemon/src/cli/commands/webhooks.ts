import type { Command } from 'commander';
import { withAdmin } from '../lazy.js';
import { formatTable } from '../table.js';
import { cliIo } from '../io.js';

interface EndpointRow {
  id: string;
  url: string;
  events: string[];
  description: string | null;
  is_active: boolean;
}

/** `intake webhooks create|list`: the CLI side of webhook endpoints. */
export function registerWebhookCommands(program: Command): void {
  const webhooks = program.command('webhooks').description('Manage webhook endpoints');
  webhooks
    .command('create')
    .description('Register an HTTPS endpoint; its signing secret is printed once')
    .requiredOption('--org <org_id>', 'organization id')
    .requiredOption('--url <url>', 'HTTPS URL of the receiver')
    .option('--events <list>', 'comma-separated event names, or *', '*')
    .option('--description <text>', 'what the endpoint is for')
    .option('--json', 'print the endpoint with its secret as JSON')
    .action(async (opts: { org: string; url: string; events: string; description?: string; json?: boolean }) => {
      await withAdmin(async (admin) => {
        const events = opts.events
          .split(',')
          .map((e) => e.trim())
          .filter(Boolean);
        const created = await admin.createWebhookEndpoint({
          org_id: opts.org,
          url: opts.url,
          events,
          ...(opts.description ? { description: opts.description } : {}),
        });
        cliIo().stdout.write(
          opts.json
            ? `${JSON.stringify(created)}\n`
            : `Created ${String(created.id)} for ${opts.url}\n  secret: ${String(created.secret)}\nThis secret is shown only now.\n`,
        );
      });
    });
  webhooks
    .command('list')
    .description("List an organization's webhook endpoints")
    .requiredOption('--org <org_id>', 'organization id')
    .option('--json', 'print {"endpoints": [...]} as JSON')
    .action(async (opts: { org: string; json?: boolean }) => {
      await withAdmin(async (admin) => {
        const listed = (await admin.listWebhookEndpoints({ org_id: opts.org })) as { endpoints: EndpointRow[] };
        if (opts.json) return void cliIo().stdout.write(`${JSON.stringify(listed)}\n`);
        cliIo().stdout.write(
          listed.endpoints.length === 0
            ? `No webhook endpoints for ${opts.org}.\n`
            : formatTable(
                ['ID', 'STATUS', 'EVENTS', 'URL', 'DESCRIPTION'],
                listed.endpoints.map((e) => [
                  e.id,
                  e.is_active ? 'active' : 'inactive',
                  e.events,
                  e.url,
                  e.description,
                ]),
              ),
        );
      });
    });
}
