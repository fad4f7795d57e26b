import type { Command } from 'commander';
import { withAdmin } from '../lazy.js';
import { cliIo } from '../io.js';

/** Ids listed in the human output; `--json` lists them all. */
const SHOWN = 50;

/** `intake retention [--dry-run]`: the retention run now, or what it would remove. */
export function registerRetentionCommand(program: Command): void {
  program
    .command('retention')
    .description(
      'Remove jobs older than JOB_RETENTION_DAYS and the files no other job uses, now (the daily RETENTION_CRON run)',
    )
    .option('--dry-run', 'list what the run would remove (jobs, files, bytes), removing nothing')
    .option('--json', 'print the report as one JSON object, with every id')
    .action(async (opts: { dryRun?: boolean; json?: boolean }) => {
      await withAdmin(async (admin) => {
        const r = await admin.retention({ dry_run: opts.dryRun === true });
        if (opts.json) return void cliIo().stdout.write(`${JSON.stringify(r)}\n`);
        const what = `${r.jobs} job${r.jobs === 1 ? '' : 's'} and ${r.files} file${r.files === 1 ? '' : 's'}`;
        const lines = [
          r.dry_run
            ? `Dry run: a retention run now would remove ${what}${r.bytes === undefined ? '' : ` (${r.bytes} bytes)`}; nothing was removed.`
            : `Removed ${what}.`,
          `Jobs created before ${r.cutoff} (JOB_RETENTION_DAYS=${r.days}).`,
        ];
        if (r.job_ids.length > 0) {
          lines.push('Jobs:', ...r.job_ids.slice(0, SHOWN).map((id) => `  ${id}`));
          if (r.job_ids.length > SHOWN) lines.push(`  ... and ${r.job_ids.length - SHOWN} more (--json lists all)`);
        }
        cliIo().stdout.write(`${lines.join('\n')}\n`);
      });
    });
}
