import type { Command } from 'commander';
import type { DatabaseStatus } from '../../operations/operations.js';
import { formatTable } from '../table.js';
import { cliIo } from '../io.js';

/** `intake status --json`: the database's status plus what only the CLI knows. */
export interface StatusReport extends Partial<Omit<DatabaseStatus, 'database'>> {
  version: string;
  database: { kind: 'pglite' | 'postgres'; reachable: boolean; error?: string };
  /** The job workers of the running daemons together (their WORKER_CONCURRENCY summed; 0: none runs jobs). Absent when the database cannot be read. */
  job_workers?: number;
  /** Seconds the oldest queued job of each mode has waited (null: none queued). */
  oldest_queued_age_seconds?: { test: number | null; live: number | null };
}

/** `intake status`: version, database, queues, reviews, failing webhook endpoints, credits. */
export function registerStatusCommand(program: Command, version: string): void {
  program
    .command('status')
    .description('Show the version, the database, queue depths, pending reviews, failing webhooks and credits')
    .option('--json', 'print the status as one JSON object')
    .action(async (opts: { json?: boolean }) => {
      const [{ loadConfig }, { openAdmin }, { coerceError }] = await Promise.all([
        import('../../config/load-config.js'),
        import('../open-admin.js'),
        import('@intake/core'),
      ]);
      const config = loadConfig(cliIo().env, cliIo().cwd);
      const kind = config.DATABASE_URL ? 'postgres' : 'pglite';
      let report: StatusReport;
      try {
        const admin = await openAdmin(config);
        try {
          const { database, ...status } = await admin.status();
          report = {
            version,
            database: { kind: database.kind, reachable: true },
            job_workers: status.daemons.reduce((sum, d) => sum + d.job_workers, 0),
            ...status,
            ...ages(status),
          };
        } finally {
          await admin.close();
        }
      } catch (error) {
        // Unreachable is a status to report (exit 1), not a crash.
        report = {
          version,
          database: { kind, reachable: false, error: coerceError(error).message },
        };
        cliIo().exitCode = 1;
      }
      cliIo().stdout.write(opts.json ? `${JSON.stringify(report)}\n` : formatStatus(report));
    });
}

function ages(status: Omit<DatabaseStatus, 'database'>): Pick<StatusReport, 'oldest_queued_age_seconds'> {
  const age = (iso: string | null) =>
    iso === null ? null : Math.max(0, Math.round((Date.parse(status.read_at) - Date.parse(iso)) / 1000));
  return {
    oldest_queued_age_seconds: {
      test: age(status.queue.test.oldest_queued_at),
      live: age(status.queue.live.oldest_queued_at),
    },
  };
}

/** The report for a person: one block per subject. */
export function formatStatus(r: StatusReport): string {
  const lines = [`Intake ${r.version}`];
  lines.push(
    `Database: ${r.database.kind}, ${r.database.reachable ? 'reachable' : `NOT reachable: ${r.database.error ?? ''}`}`,
  );
  if (!r.queue || !r.pending_reviews || !r.credits || !r.failing_webhook_endpoints || !r.daemons) {
    return `${lines.join('\n')}\n`;
  }
  // Jobs waiting for credits would not run on any daemon.
  const runnable = (['live', 'test'] as const).reduce(
    (n, m) => n + r.queue![m].queued - r.queue![m].blocked_on_credits,
    0,
  );
  lines.push('', ...daemonLines(r.daemons, r.job_workers ?? 0, runnable));
  lines.push('', 'Queue:');
  for (const mode of ['live', 'test'] as const) {
    const q = r.queue[mode];
    const age = r.oldest_queued_age_seconds?.[mode];
    lines.push(
      `  ${mode}: ${q.queued} queued${age === null || age === undefined ? '' : ` (oldest waiting ${age} s)`}, ` +
        `${q.processing} processing, ${q.blocked_on_credits} blocked on credits`,
    );
  }
  lines.push('', 'Pending reviews:');
  for (const mode of ['live', 'test'] as const) {
    const p = r.pending_reviews[mode];
    lines.push(`  ${mode}: ${p.classification} email classification, ${p.documents} documents`);
  }
  const failing = r.failing_webhook_endpoints;
  lines.push('', `Failing webhook endpoints: ${failing.length === 0 ? 'none' : failing.length}`);
  if (failing.length > 0) {
    const table = formatTable(
      ['ENDPOINT', 'ORG', 'URL', 'RETRYING', 'FAILED (24 H)', 'LAST ATTEMPT'],
      failing.map((e) => [e.id, e.org_id, e.url, e.retrying, e.failed_24h, e.last_attempt_at]),
    );
    lines.push(...indented(table));
  }
  lines.push('', 'Credits:');
  const table = formatTable(
    ['ORG', 'NAME', 'BALANCE', 'RESERVED'],
    r.credits.map((c) => [c.org_id, c.name, c.balance, c.reserved]),
  );
  lines.push(...indented(table));
  return `${lines.join('\n')}\n`;
}

/** The running daemons, and a warning when queued jobs (`queued`, those not waiting for credits) have no daemon to run them. */
function daemonLines(daemons: NonNullable<StatusReport['daemons']>, workers: number, queued: number): string[] {
  if (daemons.length === 0) {
    return [`Daemons: none running${queued > 0 ? `: ${queued} queued jobs wait for one (intake start)` : ''}`];
  }
  const lines = [
    `Daemons: ${daemons.length} running, ${workers} job workers` +
      (workers === 0
        ? ` (all have WORKER_CONCURRENCY=0)${queued > 0 ? `: ${queued} queued jobs wait for a daemon with workers` : ''}`
        : ''),
  ];
  const table = formatTable(
    ['DAEMON', 'HOST', 'PID', 'VERSION', 'JOB WORKERS', 'STARTED', 'LAST SEEN'],
    daemons.map((d) => [d.id, d.host, d.pid, d.version, d.job_workers, d.started_at, d.last_seen_at]),
  );
  return [...lines, ...indented(table)];
}

/** A table's lines, indented under their heading. */
const indented = (table: string): string[] =>
  table
    .trimEnd()
    .split('\n')
    .map((l) => `  ${l}`);
