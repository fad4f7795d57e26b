/**
 * Preloaded (--import) into the offline child and, through inherited execArgv, into every worker
 * thread it starts: any attempt to open a socket, resolve a name or fetch throws at once. Each
 * thread announces the guard on stderr, so the test can see the OCR threads were covered too.
 */
import dns from 'node:dns';
import net from 'node:net';
import { threadId } from 'node:worker_threads';

const refuse = (what) => () => {
  process.stderr.write(`network attempt: ${what}\n`);
  throw new Error(`network is disabled in this process (${what})`);
};

net.Socket.prototype.connect = refuse('socket connect');
for (const name of ['lookup', 'resolve', 'resolve4', 'resolve6', 'resolveAny']) {
  dns[name] = refuse(`dns.${name}`);
  dns.promises[name] = refuse(`dns.promises.${name}`);
}
globalThis.fetch = refuse('fetch');
process.stderr.write(`network guard on thread ${threadId}\n`);
