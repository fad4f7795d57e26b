/**
 * A throwaway Dovecot IMAP server for the IMAP tests: Debian's `dovecot-imapd` (installed with
 * apt-get when missing, as the dashboard tests install Chromium), started in the foreground with a
 * config file of its own in a temporary folder: loopback only, a free port, no TLS, a passwd-file
 * user and a Maildir. As root, Dovecot's own `dovecot` and `dovenull` users run its processes and
 * own the mail; otherwise the current user does.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../support/postgres-server.js';
import { removeDir } from '../support/processes.js';
import { eventually } from '../support/wait.js';

const DOVECOT = '/usr/sbin/dovecot';

export interface Dovecot {
  host: string;
  port: number;
  user: string;
  password: string;
  /** The user's Maildir (what the server keeps, to look at from the test). */
  mailDir: string;
  stop(): Promise<void>;
}

function apt(args: string[]): number {
  const result = spawnSync('apt-get', ['-o', 'DPkg::Lock::Timeout=180', ...args], {
    stdio: 'ignore',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status ?? 1;
}

/** Installs Debian's dovecot-imapd if there is no Dovecot; an error (not a skip) when that fails. */
function ensureDovecot(): void {
  if (fs.existsSync(DOVECOT)) return;
  process.stderr.write("IMAP tests: installing Debian's dovecot-imapd with apt-get...\n");
  if (apt(['install', '-y', '--no-install-recommends', 'dovecot-imapd']) !== 0) {
    apt(['update']);
    apt(['install', '-y', '--no-install-recommends', 'dovecot-imapd']);
  }
  // The package starts a system instance on ports 143/993; ours does not need it.
  spawnSync(DOVECOT, ['stop'], { stdio: 'ignore' });
  if (!fs.existsSync(DOVECOT))
    throw new Error('Dovecot is missing and `apt-get install dovecot-imapd` did not provide it (needs root and apt)');
}

/** Who runs Dovecot's processes and owns the mail. */
function accounts(): { login: string; internal: string; uid: number; gid: number } {
  const info = os.userInfo();
  if (info.uid !== 0) return { login: info.username, internal: info.username, uid: info.uid, gid: process.getgid!() };
  const passwd = fs.readFileSync('/etc/passwd', 'utf8');
  const entry = passwd.split('\n').find((line) => line.startsWith('dovecot:'));
  if (!entry || !passwd.includes('\ndovenull:')) throw new Error('the dovecot and dovenull users are missing');
  const [, , uid, gid] = entry.split(':');
  return { login: 'dovenull', internal: 'dovecot', uid: Number(uid), gid: Number(gid) };
}

/** Starts Dovecot and resolves once it accepts connections. */
export async function startDovecot(password = 'imap-secret'): Promise<Dovecot> {
  ensureDovecot();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'intake-dovecot-'));
  // Dovecot's unprivileged processes must enter the folder (mkdtemp makes it 0700).
  fs.chmodSync(dir, 0o755);
  const { login, internal, uid, gid } = accounts();
  const mailRoot = path.join(dir, 'mail');
  fs.mkdirSync(mailRoot);
  fs.chownSync(mailRoot, uid, gid);
  const port = await freePort();
  const user = 'ap';
  const config = `
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
mail_location = maildir:${mailRoot}/%u
first_valid_uid = 1
default_login_user = ${login}
default_internal_user = ${internal}
default_internal_group = ${internal}
service imap-login {
  inet_listener imap {
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service stats {
  unix_listener stats-reader {
    mode = 0666
  }
  unix_listener stats-writer {
    mode = 0666
  }
}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = static
  args = uid=${uid} gid=${gid} home=${mailRoot}/%u
}
`;
  fs.writeFileSync(path.join(dir, 'dovecot.conf'), config);
  fs.writeFileSync(path.join(dir, 'passwd'), `${user}:{PLAIN}${password}\n`);
  const child: ChildProcess = spawn(DOVECOT, ['-F', '-c', path.join(dir, 'dovecot.conf')], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const log = () =>
    fs.existsSync(path.join(dir, 'dovecot.log')) ? fs.readFileSync(path.join(dir, 'dovecot.log'), 'utf8') : '';
  await eventually(
    () => `Dovecot to listen on 127.0.0.1:${port}\n${log()}`,
    async () => {
      if (child.exitCode !== null) throw new Error(`Dovecot exited (${child.exitCode}) before listening\n${log()}`);
      return accepts(port);
    },
    { intervalMs: 50 },
  );
  return {
    host: '127.0.0.1',
    port,
    user,
    password,
    mailDir: path.join(mailRoot, user),
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      // Dovecot's imap processes may outlive the master by a moment, still writing the Maildir.
      await removeDir(dir);
    },
  };
}

async function accepts(port: number): Promise<boolean> {
  const net = await import('node:net');
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('data', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
