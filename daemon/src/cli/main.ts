import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { withCliIo, type CliIo } from './io.js';
import { registerStartCommand } from './commands/start.js';
import { registerOrgCommands } from './commands/orgs.js';
import { registerKeyCommands } from './commands/keys.js';
import { registerCreditCommands } from './commands/credits.js';
import { registerWebhookCommands } from './commands/webhooks.js';
import { registerExtractCommand } from './commands/extract.js';
import { registerEvalCommand } from './commands/eval.js';
import { registerListCommands } from './commands/lists.js';
import { registerBackupCommands } from './commands/backup.js';
import { registerRetentionCommand } from './commands/retention.js';
import { registerStatusCommand } from './commands/status.js';
import { VERSION as version } from '../version.js';

// Only commander and the constant lists load up front: each command imports the database, the
// adapters and the daemon when it runs, so `intake --help` and `--version` answer at once.

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

  registerStartCommand(program, version);
  const orgs = registerOrgCommands(program);
  const keys = registerKeyCommands(program);
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
    { DatabaseCreationError },
  ] = await Promise.all([
    import('@intake/core'),
    import('../config/load-config.js'),
    import('../admin/remote-admin.js'),
    import('../admin/admin-secret.js'),
    import('../runtime/data-dir-lock.js'),
    import('../runtime/port-in-use.js'),
    import('../operations/backup-archive.js'),
    import('../runtime/create-database.js'),
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
    error instanceof BackupError ||
    error instanceof DatabaseCreationError
  ) {
    return error.message;
  }
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
