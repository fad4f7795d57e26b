import crypto from 'node:crypto';
import os from 'node:os';
import { coerceError } from '@intake/core';
import {
  DAEMON_FORGET_AFTER_MS,
  DAEMON_HEARTBEAT_MS,
  type DaemonRecord,
  type DaemonRegistry,
} from '@intake/storage-sql';
import type { Logger } from '../logger.js';
import { VERSION } from '../version.js';

/**
 * This daemon's row in the registry of running daemons (`intake status` lists them): written once
 * the daemon is up, refreshed every DAEMON_HEARTBEAT_MS, deleted when it stops. A heartbeat that
 * fails (the database away for a moment) is logged and tried again on the next beat: the daemon
 * goes on, and status counts it again once a beat gets through.
 */
export function daemonHeartbeat(deps: {
  registry: DaemonRegistry;
  jobWorkers: number;
  logger: Logger;
  intervalMs?: number;
}): { start(): Promise<void>; stop(): Promise<void>; readonly id: string } {
  const self: Omit<DaemonRecord, 'last_seen_at'> = {
    id: `dmn_${crypto.randomBytes(9).toString('base64url')}`,
    host: os.hostname(),
    pid: process.pid,
    version: VERSION,
    job_workers: deps.jobWorkers,
    started_at: new Date().toISOString(),
  };
  let timer: NodeJS.Timeout | undefined;
  let beating: Promise<void> = Promise.resolve();
  let failing = false;
  const beat = async () => {
    const now = new Date();
    try {
      await deps.registry.heartbeat(self, now, new Date(now.getTime() - DAEMON_FORGET_AFTER_MS));
      if (failing) deps.logger.info({ daemonId: self.id }, 'daemon heartbeat recorded again');
      failing = false;
    } catch (error) {
      // Once per outage, not every beat.
      if (!failing) deps.logger.warn({ err: coerceError(error), daemonId: self.id }, 'daemon heartbeat failed');
      failing = true;
    }
  };
  return {
    id: self.id,
    async start() {
      await beat();
      timer = setInterval(() => {
        beating = beating.then(beat);
      }, deps.intervalMs ?? DAEMON_HEARTBEAT_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await beating;
      await deps.registry.remove(self.id).catch((error: unknown) => {
        deps.logger.warn(
          { err: coerceError(error), daemonId: self.id },
          'could not remove the daemon from the registry',
        );
      });
    },
  };
}
