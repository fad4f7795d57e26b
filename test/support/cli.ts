/**
 * The `intake` CLI run in the test's own process: `run(argv, io)` of daemon/src/cli/main.ts with
 * buffers for stdout and stderr, the same environment a spawned command gets (`childEnv`: the
 * test's minus every Intake setting, plus `env`) and a fresh empty working directory unless one is
 * given. A command costs what its work costs, not a Node start and module load (2 to 3 CPU s per
 * spawn). It talks to a spawned daemon through the admin socket as the real bin does; each command
 * family keeps one spawned test (`runCli`) so the shipped bin stays covered.
 */
import { run } from '../../daemon/src/cli/main.js';
import type { CliWriter } from '../../daemon/src/cli/io.js';
import { childEnv, makeTempDir, type CliResult, type Env } from './processes.js';

function buffer(): CliWriter & { text: string } {
  const out = {
    text: '',
    write(chunk: string) {
      out.text += chunk;
      return true;
    },
  };
  return out;
}

/** Runs one command line in this process; the result has the shape of `runCli`'s (`signal` always null). */
export async function runInProcess(args: string[], env: Env, options: { cwd?: string } = {}): Promise<CliResult> {
  const stdout = buffer();
  const stderr = buffer();
  const code = await run(args, {
    stdout,
    stderr,
    env: childEnv({ LOG_LEVEL: 'warn', ...env }),
    cwd: options.cwd ?? makeTempDir('intake-cwd-'),
  });
  return { code, signal: null, stdout: stdout.text, stderr: stderr.text };
}

/** `runInProcess` for a command expected to succeed: throws with its output otherwise. */
export async function runInProcessOk(args: string[], env: Env, options: { cwd?: string } = {}): Promise<CliResult> {
  const result = await runInProcess(args, env, options);
  if (result.code !== 0) {
    throw new Error(
      `intake ${args.join(' ')} exited ${result.code}\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`,
    );
  }
  return result;
}
