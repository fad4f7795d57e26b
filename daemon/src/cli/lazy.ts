import type { AdminOperations } from '../admin/admin-operations.js';
import { cliIo } from './io.js';

/**
 * Runs `fn` with the admin operations for this command and closes them after. The configuration,
 * the database and the adapters are imported here, when a command runs, not when the CLI starts.
 */
export async function withAdmin<T>(fn: (admin: AdminOperations) => Promise<T>): Promise<T> {
  const [{ loadConfig }, { openAdmin }] = await Promise.all([
    import('../config/load-config.js'),
    import('./open-admin.js'),
  ]);
  const io = cliIo();
  const admin = await openAdmin(loadConfig(io.env, io.cwd));
  try {
    return await fn(admin);
  } finally {
    await admin.close();
  }
}
