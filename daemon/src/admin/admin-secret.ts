import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const SECRET_FILE = 'admin.secret';

/**
 * The secret that admin requests on the lock socket must carry. It lives in the data directory,
 * readable by its owner only: whoever may read the database files may administer the daemon.
 */
export function ensureAdminSecret(dataDir: string): string {
  const file = path.join(dataDir, SECRET_FILE);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${secret}\n`, { mode: 0o600 });
  fs.renameSync(tmp, file);
  return secret;
}

export function readAdminSecret(dataDir: string): string {
  const file = path.join(dataDir, SECRET_FILE);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    throw new Error(`Cannot read the admin secret ${file}: ${(error as Error).message}. Run the command as the user that runs the daemon.`);
  }
}

export function secretsEqual(presented: string, expected: string): boolean {
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
