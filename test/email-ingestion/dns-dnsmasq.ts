/**
 * A throwaway DNS server for the sender authentication tests: Debian's `dnsmasq` (installed with
 * apt-get when missing, as the dashboard tests install Chromium), in the foreground on a free
 * loopback port, answering only from the records it is given (TXT records for SPF, DKIM keys and
 * DMARC) for the `.test` names, NXDOMAIN for other `.test` names, and nothing upstream.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../support/postgres-server.js';

const DNSMASQ = '/usr/sbin/dnsmasq';

export interface DnsServer {
  /** `127.0.0.1:port`, as DNS_SERVERS takes it. */
  address: string;
  stop(): Promise<void>;
}

/** Installs dnsmasq when missing; false (the tests skip, saying why) when that is impossible here. */
export function ensureDnsmasq(): boolean {
  if (fs.existsSync(DNSMASQ)) return true;
  process.stderr.write("sender authentication tests: installing Debian's dnsmasq with apt-get...\n");
  const apt = (args: string[]) =>
    spawnSync('apt-get', ['-o', 'DPkg::Lock::Timeout=180', ...args], {
      stdio: 'ignore',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status;
  if (apt(['install', '-y', '--no-install-recommends', 'dnsmasq-base']) !== 0) {
    apt(['update']);
    apt(['install', '-y', '--no-install-recommends', 'dnsmasq-base']);
  }
  return fs.existsSync(DNSMASQ);
}

/** A TXT value as dnsmasq's txt-record takes it: quoted strings of at most 255 octets each. */
const txtStrings = (value: string): string =>
  (value.match(/.{1,250}/g) ?? ['']).map((part) => `"${part.replace(/["\\]/g, '\\$&')}"`).join(',');

/** Starts dnsmasq with these TXT records (name to value) and resolves once it answers on its port. */
export async function startDnsmasq(records: Record<string, string>): Promise<DnsServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'intake-dns-'));
  const port = await freePort();
  const lines = [
    `port=${port}`,
    'listen-address=127.0.0.1',
    'bind-interfaces',
    'no-resolv',
    'no-hosts',
    'no-poll',
    // Names under .test are ours alone: a name without a record is NXDOMAIN, never asked upstream.
    'local=/test/',
    `pid-file=${path.join(dir, 'dnsmasq.pid')}`,
    ...Object.entries(records).map(([name, value]) => `txt-record=${name},${txtStrings(value)}`),
  ];
  const conf = path.join(dir, 'dnsmasq.conf');
  fs.writeFileSync(conf, `${lines.join('\n')}\n`);
  // As root dnsmasq drops to `nobody`, which needs to read nothing after start.
  const child: ChildProcess = spawn(DNSMASQ, ['--keep-in-foreground', `--conf-file=${conf}`], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitForAnswer(port, child, () => stderr);
  return {
    address: `127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Asks the server until it answers (dnsmasq binds within milliseconds; the bound is for a broken install). */
async function waitForAnswer(port: number, child: ChildProcess, stderr: () => string): Promise<void> {
  const { Resolver } = await import('node:dns/promises');
  const resolver = new Resolver({ timeout: 200, tries: 1 });
  resolver.setServers([`127.0.0.1:${port}`]);
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`dnsmasq exited (${child.exitCode}): ${stderr()}`);
    try {
      await resolver.resolveTxt('probe.invalid.test');
      return;
    } catch (error) {
      // NXDOMAIN is an answer: the server is up.
      if ((error as { code?: string }).code === 'ENOTFOUND') return;
      if (Date.now() > deadline) throw new Error(`dnsmasq did not answer on port ${port}: ${stderr()}`);
    }
  }
}
