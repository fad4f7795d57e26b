import type { Command } from 'commander';
import { cliIo } from '../io.js';

/** `intake start`: the daemon in this process, stopped by SIGINT or SIGTERM. */
export function registerStartCommand(program: Command, version: string): void {
  program
    .command('start')
    .description('Start the daemon (HTTP API) with the settings from the environment and config/intake.env')
    .action(async () => {
      const io = cliIo();
      const [{ loadConfig }, { createLogger }] = await Promise.all([
        import('../../config/load-config.js'),
        import('../../logger.js'),
      ]);
      const config = loadConfig(io.env, io.cwd);
      // Held before the daemon's modules load: a first start creates its database meanwhile.
      const dataDir = config.DATABASE_URL
        ? undefined
        : await (await import('../../runtime/create-database.js')).prepareDataDir(config.DATA_DIR);
      const logger = createLogger({ level: config.LOG_LEVEL, format: config.LOG_FORMAT });
      // Loading the daemon (HTTP, SMTP, PDF and OCR libraries) takes a moment: say so before it.
      logger.info({ version }, `starting intake ${version}: loading the daemon`);
      const { startDaemon } = await import('../../daemon.js');
      const daemon = await startDaemon(config, { logger, ...(dataDir ? { dataDir } : {}) });
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
}
