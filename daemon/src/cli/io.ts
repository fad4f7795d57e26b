import { AsyncLocalStorage } from 'node:async_hooks';

/** Where a command's text goes: a process stream or a test's buffer. */
export interface CliWriter {
  write(text: string): unknown;
  /** A progress bar is drawn only on a terminal. */
  readonly isTTY?: boolean;
}

/** What one CLI invocation reads and writes besides its arguments. */
export interface CliIo {
  stdout: CliWriter;
  stderr: CliWriter;
  /** The settings (loadConfig) come from here, not from process.env. */
  env: NodeJS.ProcessEnv;
  /** config/intake.env is looked up from here. */
  cwd: string;
}

/** The invocation a command runs in: its io, and the exit code it reports (0 unless a command sets it). */
export interface CliContext extends CliIo {
  exitCode: number;
}

/** The process's own streams, environment and directory: what the `intake` bin runs with. */
export function processIo(): CliIo {
  return { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() };
}

const current = new AsyncLocalStorage<CliContext>();

/**
 * The io of the invocation this command runs in (`run` in main.ts). A context rather than a
 * parameter so that each command file keeps the `register*(program)` shape; concurrent `run`s in
 * one process (the tests) each see their own.
 */
export function cliIo(): CliContext {
  const context = current.getStore();
  if (!context) throw new Error('a CLI command ran outside run() (daemon/src/cli/main.ts)');
  return context;
}

/** Runs `fn` with `context` as the current invocation's. */
export function withCliIo<T>(context: CliContext, fn: () => Promise<T>): Promise<T> {
  return current.run(context, fn);
}
