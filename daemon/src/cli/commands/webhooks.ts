import type { Command } from 'commander';
import { loadConfig } from '../../config/load-config.js';
import { openAdmin } from '../open-admin.js';

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
      const admin = await openAdmin(loadConfig());
      try {
        const events = opts.events.split(',').map((e) => e.trim()).filter(Boolean);
        const created = await admin.createWebhookEndpoint({ org_id: opts.org, url: opts.url, events, ...(opts.description ? { description: opts.description } : {}) });
        process.stdout.write(opts.json ? `${JSON.stringify(created)}\n` : `Created ${String(created.id)} for ${opts.url}\n  secret: ${String(created.secret)}\nThis secret is shown only now.\n`);
      } finally {
        await admin.close();
      }
    });
  webhooks
    .command('list')
    .description("List an organization's webhook endpoints")
    .requiredOption('--org <org_id>', 'organization id')
    .action(async (opts: { org: string }) => {
      const admin = await openAdmin(loadConfig());
      try {
        process.stdout.write(`${JSON.stringify(await admin.listWebhookEndpoints({ org_id: opts.org }))}\n`);
      } finally {
        await admin.close();
      }
    });
}
