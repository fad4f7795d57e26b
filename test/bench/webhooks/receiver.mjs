/**
 * The benchmark's receivers, in a process of their own so neither side of the comparison shares a
 * CPU-bound event loop with them: a healthy HTTPS endpoint (200 at once) and a failing one (503).
 *   node receiver.mjs CERT KEY   -> prints {"healthy": port, "failing": port}
 * GET /__count on either port answers {"ok": n, "failed": n}.
 */
import fs from 'node:fs';
import https from 'node:https';

const [certFile, keyFile] = process.argv.slice(2);
const tls = { cert: fs.readFileSync(certFile), key: fs.readFileSync(keyFile) };
const counts = { ok: 0, failed: 0 };

function serve(status, body, counter) {
  const server = https.createServer(tls, (req, res) => {
    if (req.method === 'GET' && req.url === '/__count')
      return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(counts));
    req.resume();
    req.on('end', () => {
      counts[counter]++;
      res.writeHead(status, { 'content-type': 'application/json' }).end(body);
    });
  });
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)));
}

const [healthy, failing] = await Promise.all([
  serve(200, '{"ok":true}', 'ok'),
  serve(503, '{"error":"down on purpose"}', 'failed'),
]);
process.stdout.write(`${JSON.stringify({ healthy, failing })}\n`);
