/**
 * A webhook receiver that checks Intake's signature, refuses stale or replayed events and
 * deduplicates by event id. Run it with your endpoint's secret:
 *
 *   WEBHOOK_SECRET=whsec_... PORT=9000 npx tsx --tsconfig tsconfig.json examples/webhook-receiver.ts
 *
 * Intake sends only to HTTPS URLs: put this behind your TLS terminator (or pass TLS_CERT/TLS_KEY
 * files to serve HTTPS directly). For development, a daemon started with
 * WEBHOOKS_ALLOW_LOCALHOST=true also sends to plain http://localhost:PORT/ receivers like this one.
 */
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { verifyWebhookSignature } from '@intake/core';

const secret = process.env.WEBHOOK_SECRET;
if (!secret) throw new Error('set WEBHOOK_SECRET to the endpoint secret (whsec_...)');
/** Events older than this are refused: `created_at` is inside the signed body, so it cannot be forged. */
const TOLERANCE_MS = 5 * 60_000;
const seen = new Set<string>();

const handler: http.RequestListener = (req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const raw = Buffer.concat(chunks);
    // Verify the raw bytes exactly as received, before parsing anything.
    if (!verifyWebhookSignature(raw, req.headers['x-service-signature'] as string | undefined, secret)) {
      res.writeHead(401).end('bad signature');
      return;
    }
    const event = JSON.parse(raw.toString('utf8')) as {
      id: string;
      event: string;
      created_at: string;
      data: Record<string, unknown>;
    };
    if (Math.abs(Date.now() - Date.parse(event.created_at)) > TOLERANCE_MS) {
      res.writeHead(400).end('stale event');
      return;
    }
    // Events may come more than once: answer 200 again, but act once.
    if (!seen.has(event.id)) {
      seen.add(event.id);
      console.log(JSON.stringify({ received: event.event, id: event.id, data: event.data }));
    }
    res.writeHead(200).end('ok');
  });
};

const port = Number(process.env.PORT ?? 9000);
const server =
  process.env.TLS_CERT && process.env.TLS_KEY
    ? https.createServer(
        { cert: fs.readFileSync(process.env.TLS_CERT), key: fs.readFileSync(process.env.TLS_KEY) },
        handler,
      )
    : http.createServer(handler);
server.listen(port, '127.0.0.1', () => console.log(`listening on ${port}`));
