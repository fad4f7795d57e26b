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

/** The admin plane cannot be reached; the message says why and what to do. */
export class AdminUnavailableError extends Error {
  override name = 'AdminUnavailableError';
}

/** Reads the secret, waiting up to `waitMs` for a daemon that has just taken the directory to write it. */
export async function readAdminSecret(dataDir: string, waitMs = 10_000): Promise<string> {
  const file = path.join(dataDir, SECRET_FILE);
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      return fs.readFileSync(file, 'utf8').trim();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        continue;
      }
      throw new AdminUnavailableError(
        `Cannot read the admin secret ${file} (${code ?? (error as Error).message}). Run the command as the user that runs the daemon.`,
      );
    }
  }
}

export function secretsEqual(presented: string, expected: string): boolean {
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
