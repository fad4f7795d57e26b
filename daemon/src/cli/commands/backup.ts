import type { Command } from 'commander';
import { cliIo } from '../io.js';

/** `intake backup --out FILE` and `intake restore FILE --data-dir DIR`. */
export function registerBackupCommands(program: Command, version: string): void {
  program
    .command('backup')
    .description(
      'Write the database (PGlite) and the stored files to one .tar.gz, through the running daemon if there is one',
    )
    .requiredOption('--out <file>', 'the backup file to write (must not exist)')
    .option('--json', 'print what was written as JSON')
    .action(async (opts: { out: string; json?: boolean }) => {
      const [{ loadConfig }, { openAdmin }, { writeBackup }, { fileBlobDir }] = await Promise.all([
        import('../../config/load-config.js'),
        import('../open-admin.js'),
        import('../../operations/backup.js'),
        import('../../operations/blob-dir.js'),
      ]);
      const config = loadConfig(cliIo().env, cliIo().cwd);
      const admin = await openAdmin(config);
      let result;
      try {
        result = await writeBackup({
          out: opts.out,
          intakeVersion: version,
          database: config.DATABASE_URL ? 'postgres' : 'pglite',
          dump: config.DATABASE_URL ? null : () => admin.dumpDatabase(),
          blobDir: fileBlobDir(config),
        });
      } finally {
        await admin.close();
      }
      if (opts.json) return void cliIo().stdout.write(`${JSON.stringify(result)}\n`);
      const lines = [
        `Wrote ${result.out} (${result.bytes} bytes):`,
        result.database_bytes === null
          ? '  database: PostgreSQL is not in this file: back it up with pg_dump (docs/operations.md)'
          : `  database: PGlite, ${result.database_bytes} bytes compressed`,
        config.DATABASE_URL && !config.BLOB_DIR
          ? '  files: kept in PostgreSQL (the blobs table), so pg_dump holds them too'
          : `  files: ${result.files} (${result.file_bytes} bytes)`,
      ];
      cliIo().stdout.write(`${lines.join('\n')}\n`);
    });

  program
    .command('restore')
    .description('Restore a backup file into a new, empty data directory (start the daemon on it after)')
    .argument('<file>', 'a file written by `intake backup`')
    .requiredOption('--data-dir <dir>', 'the DATA_DIR to create; refused unless empty or absent')
    .option('--json', 'print what was restored as JSON')
    .action(async (file: string, opts: { dataDir: string; json?: boolean }) => {
      const { restoreBackup } = await import('../../operations/restore.js');
      const result = await restoreBackup(file, opts.dataDir);
      if (opts.json) return void cliIo().stdout.write(`${JSON.stringify(result)}\n`);
      const lines = [
        `Restored the backup of ${result.created_at} into ${result.data_dir}:`,
        result.jobs === null
          ? '  database: PostgreSQL, not in this file: restore its pg_dump, and set BLOB_DIR to the blobs folder'
          : `  database: PGlite, ${result.jobs} jobs, ${result.messages} inbound messages`,
        `  files: ${result.files}`,
        'Jobs and messages that were being processed return to their queues once their leases expire',
        '(JOB_LEASE_MS, MAIL_LEASE_MS), as after a crash.',
      ];
      cliIo().stdout.write(`${lines.join('\n')}\n`);
    });
}
