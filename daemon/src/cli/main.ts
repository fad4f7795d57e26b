import fs from 'node:fs';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { ENVIRONMENTS, isScope, PLANS, SCOPES } from '@intake/core/constants';
import { withAdmin } from './lazy.js';
import { withCliIo, type CliIo } from './io.js';
import { registerCreditCommands } from './commands/credits.js';
import { registerWebhookCommands } from './commands/webhooks.js';
import { registerExtractCommand } from './commands/extract.js';
import { registerEvalCommand } from './commands/eval.js';
import { registerListCommands } from './commands/lists.js';
import { registerBackupCommands } from './commands/backup.js';
import { registerRetentionCommand } from './commands/retention.js';
import { registerStatusCommand } from './commands/status.js';

// Only commander and the constant lists load up front: each command imports the database, the
// adapters and the daemon when it runs, so `intake --help` and `--version` answer at once.

const { version } = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

const int = (name: string) => (value: string) => {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError(`${name} must be a whole number`);
  return Number(value);
};

/** A commander exit (help, version, a usage error it has already printed) with its code. */
class CommanderExit extends Error {
  constructor(readonly exitCode: number) {
    super(`commander exit ${exitCode}`);
  }
}

/**
 * Runs one `intake` command line (`argv` without node and the script) with `io`'s streams,
 * environment and directory, and returns the exit code; daemon/src/cli/bin.ts calls it with the
 * process's own. Nothing here exits the process, so tests call it in their own.
 */
export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const context = { ...io, exitCode: 0 };
  return withCliIo(context, async () => {
    try {
      await createProgram(io).parseAsync([...argv], { from: 'user' });
      return context.exitCode;
    } catch (error) {
      if (error instanceof CommanderExit) return error.exitCode;
      io.stderr.write(`intake: ${await describe(error)}\n`);
      return 1;
    }
  });
}

/** The commands, with commander writing to `io` and throwing where it would exit the process. */
function createProgram(io: CliIo): Command {
  const program = new Command('intake')
    .description('Intake: document extraction daemon and tools')
    .version(version, '-V, --version')
    .showHelpAfterError()
    // Set before the commands are added: each subcommand copies them.
    .configureOutput({ writeOut: (text) => void io.stdout.write(text), writeErr: (text) => void io.stderr.write(text) })
    .exitOverride((error: CommanderError) => {
      throw new CommanderExit(error.exitCode);
    });

  program
    .command('start')
    .description('Start the daemon (HTTP API) with the settings from the environment and config/intake.env')
    .action(async () => {
      const [{ loadConfig }, { createLogger }] = await Promise.all([
        import('../config/load-config.js'),
        import('../logger.js'),
      ]);
      const config = loadConfig(io.env, io.cwd);
      const logger = createLogger({ level: config.LOG_LEVEL, format: config.LOG_FORMAT });
      // Loading the daemon (HTTP, SMTP, PDF and OCR libraries) takes a moment: say so before it.
      logger.info({ version }, `starting intake ${version}: loading the daemon`);
      const { startDaemon } = await import('../daemon.js');
      const daemon = await startDaemon(config, { logger });
      const shutdown = (signal: string) => {
        daemon.logger.info({ signal }, 'stopping');
        daemon.stop().then(
          () => process.exit(0),
          (error: unknown) => {
            daemon.logger.error({ err: error }, 'unclean stop');
            process.exit(1);
          },
        );
      };
      process.once('SIGINT', () => shutdown('SIGINT'));
      process.once('SIGTERM', () => shutdown('SIGTERM'));
    });

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
          io.stdout.write(
            `${JSON.stringify({ org_id: created.org_id, live_key: created.live_key, test_key: created.test_key })}\n`,
          );
        } else {
          io.stdout.write(
            `Created organization ${created.org_id} (${created.name}, plan ${created.plan}).\n` +
              `  live key: ${created.live_key}\n  test key: ${created.test_key}\nThese keys are shown only now.\n`,
          );
        }
      });
    });

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
        if (opts.json) io.stdout.write(`${JSON.stringify(created)}\n`);
        else
          io.stdout.write(
            `Created ${String(created.id)} for ${opts.org}: ${String(created.key)}\nThis key is shown only now.\n`,
          );
      });
    });

  registerCreditCommands(program, orgs);
  registerWebhookCommands(program);
  registerExtractCommand(program);
  registerEvalCommand(program);
  registerListCommands(orgs, keys);
  registerStatusCommand(program, version);
  registerBackupCommands(program, version);
  registerRetentionCommand(program);
  return program;
}

/** The error as one message for a person; the error classes load only when something failed. */
async function describe(error: unknown): Promise<string> {
  const [
    { AppError },
    { ConfigError },
    { RemoteAdminError },
    { AdminUnavailableError },
    { DataDirBusyError },
    { PortInUseError },
    { BackupError },
  ] = await Promise.all([
    import('@intake/core'),
    import('../config/load-config.js'),
    import('../admin/remote-admin.js'),
    import('../admin/admin-secret.js'),
    import('../runtime/data-dir-lock.js'),
    import('../runtime/port-in-use.js'),
    import('../operations/backup-archive.js'),
  ]);
  if (error instanceof AppError) {
    const details = error.details?.map((d) => `\n  ${d.path}: ${d.message}`).join('') ?? '';
    return `${error.message}${details}`;
  }
  if (error instanceof RemoteAdminError) {
    const details = Array.isArray(error.body.error?.details)
      ? (error.body.error.details as { path: string; message: string }[])
          .map((d) => `\n  ${d.path}: ${d.message}`)
          .join('')
      : '';
    return `${error.message}${details}`;
  }
  if (
    error instanceof ConfigError ||
    error instanceof DataDirBusyError ||
    error instanceof AdminUnavailableError ||
    error instanceof InvalidArgumentError ||
    error instanceof PortInUseError ||
    error instanceof BackupError
  ) {
    return error.message;
  }
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
