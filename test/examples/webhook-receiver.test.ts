import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { signWebhookBody } from '@intake/core';
import { freePort, SOURCE_CONDITION } from '../support/processes.js';
import { eventually } from '../support/wait.js';

describe('examples/webhook-receiver.ts', () => {
  const children: ReturnType<typeof spawn>[] = [];
  // tsx starts the program as a child of its own: kill the whole process group.
  afterAll(() => children.forEach((c) => c.pid && process.kill(-c.pid, 'SIGKILL')));

  it('accepts a signed event once, refuses a bad signature and a stale event', async () => {
    const port = await freePort();
    const child = spawn('node_modules/.bin/tsx', ['--tsconfig', 'tsconfig.json', 'examples/webhook-receiver.ts'], {
      env: { ...process.env, NODE_OPTIONS: SOURCE_CONDITION, WEBHOOK_SECRET: 'whsec_test', PORT: String(port) },
      detached: true,
    });
    children.push(child);
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    await eventually(
      () => `the receiver listening; it printed: ${out}`,
      () => out.includes('listening'),
    );
    const post = (body: string, signature: string) =>
      fetch(`http://127.0.0.1:${port}/`, { method: 'POST', headers: { 'x-service-signature': signature }, body });
    const event = JSON.stringify({
      id: 'evt_1',
      event: 'job.completed',
      created_at: new Date().toISOString(),
      data: { id: 'job_1' },
    });
    expect((await post(event, signWebhookBody(event, 'whsec_test'))).status).toBe(200);
    expect((await post(event, signWebhookBody(event, 'whsec_test'))).status).toBe(200);
    expect((await post(event, signWebhookBody(event, 'other'))).status).toBe(401);
    expect((await post(event.replace('job_1', 'job_2'), signWebhookBody(event, 'whsec_test'))).status).toBe(401);
    const stale = JSON.stringify({
      id: 'evt_2',
      event: 'job.completed',
      created_at: '2020-01-01T00:00:00.000Z',
      data: {},
    });
    expect((await post(stale, signWebhookBody(stale, 'whsec_test'))).status).toBe(400);
    await eventually('the accepted event printed', () => out.includes('"received":"job.completed"'));
    // The repeated event must not be printed: a bounded window in which it would have been.
    await new Promise((r) => setTimeout(r, 200));
    expect(out.match(/"received":"job.completed"/g)).toHaveLength(1);
  });
});
