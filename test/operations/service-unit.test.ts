/**
 * config/intake.service: `systemd-analyze verify` accepts it where systemd is installed, and in any
 * case it holds what docs/operations.md promises (unprivileged user, state directory, restart on
 * failure, the hardening keys, the one capability for port 25, a stop timeout longer than the
 * daemon's own drain and processing limits, the allocator's arena cap).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PROCESSING_TIMEOUT_MS } from '@intake/core';
import { ConfigSchema } from '../../daemon/src/config/config.schema.js';
import { makeTempDir, REPO_ROOT, removeTempDirs } from '../support/processes.js';

const run = promisify(execFile);
const UNIT = path.join(REPO_ROOT, 'config', 'intake.service');

/** `[Section] -> key -> values` (a key may repeat, as Environment= does). */
function parseUnit(text: string): Map<string, Map<string, string[]>> {
  const sections = new Map<string, Map<string, string[]>>();
  let current: Map<string, string[]> | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[(\w+)\]$/.exec(line);
    if (header) {
      current = new Map();
      sections.set(header[1]!, current);
      continue;
    }
    const eq = line.indexOf('=');
    if (!current || eq < 1) throw new Error(`not a unit file line: ${raw}`);
    const key = line.slice(0, eq);
    current.set(key, [...(current.get(key) ?? []), line.slice(eq + 1)]);
  }
  return sections;
}

const seconds = (value: string) => {
  const m = /^(\d+)(s|min)?$/.exec(value);
  if (!m) throw new Error(`not a time span this test reads: ${value}`);
  return Number(m[1]) * (m[2] === 'min' ? 60 : 1);
};

describe('config/intake.service', () => {
  const unit = parseUnit(fs.readFileSync(UNIT, 'utf8'));
  const service = unit.get('Service')!;
  const one = (key: string) => {
    const values = service.get(key);
    expect(values, `[Service] ${key}=`).toHaveLength(1);
    return values![0]!;
  };

  it('runs `intake start` as the unprivileged user intake with DATA_DIR in its state directory', () => {
    expect(one('User')).toBe('intake');
    expect(one('Group')).toBe('intake');
    expect(one('StateDirectory')).toBe('intake');
    expect(service.get('Environment')).toContain('DATA_DIR=/var/lib/intake');
    expect(one('ExecStart')).toMatch(/\/bin\/intake\.mjs start$/);
    expect(one('Restart')).toBe('on-failure');
    expect(unit.get('Install')?.get('WantedBy')).toEqual(['multi-user.target']);
  });

  it("starts the process with glibc's arenas capped (MALLOC_ARENA_MAX, read only at process start)", () => {
    expect(service.get('Environment')).toContain('MALLOC_ARENA_MAX=2');
  });

  it('is hardened, and keeps only the capability to bind port 25', () => {
    expect(one('NoNewPrivileges')).toBe('yes');
    expect(one('ProtectSystem')).toBe('strict');
    expect(one('ProtectHome')).toBe('yes');
    expect(one('PrivateTmp')).toBe('yes');
    expect(one('ReadWritePaths').split(/\s+/)).toContain('/var/lib/intake');
    expect(one('CapabilityBoundingSet')).toBe('CAP_NET_BIND_SERVICE');
    expect(one('AmbientCapabilities')).toBe('CAP_NET_BIND_SERVICE');
    // The admin socket (abstract AF_UNIX) must stay reachable from the host's CLI.
    expect(one('RestrictAddressFamilies').split(/\s+/)).toContain('AF_UNIX');
    expect(service.has('PrivateNetwork')).toBe(false);
    // V8's JIT and WebAssembly need writable code pages.
    expect(service.has('MemoryDenyWriteExecute')).toBe(false);
  });

  it('gives a graceful stop longer than the SMTP drain plus a job in progress (the defaults)', () => {
    const defaults = ConfigSchema.parse({});
    expect(one('KillSignal')).toBe('SIGTERM');
    expect(seconds(one('TimeoutStopSec')) * 1000).toBeGreaterThan(
      defaults.SMTP_DRAIN_MS + DEFAULT_PROCESSING_TIMEOUT_MS,
    );
  });

  it('passes systemd-analyze verify (skipped where systemd is not installed)', async (ctx) => {
    const found = await run('systemd-analyze', ['--version']).catch(() => null);
    if (!found) {
      console.warn('systemd-analyze not found: install systemd to verify config/intake.service');
      ctx.skip();
    }
    // verify checks that ExecStart's program exists: point it at this node, keep everything else.
    const dir = makeTempDir('intake-unit-');
    const copy = path.join(dir, 'intake.service');
    fs.writeFileSync(copy, fs.readFileSync(UNIT, 'utf8').replace(/^ExecStart=\S+/m, `ExecStart=${process.execPath}`));
    try {
      const { stdout, stderr } = await run('systemd-analyze', ['verify', copy]);
      expect(`${stdout}${stderr}`.trim()).toBe('');
    } finally {
      await removeTempDirs();
    }
  });
});
