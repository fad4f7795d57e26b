import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const architecture = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');

function mapSection(): string {
  const start = architecture.indexOf('\n## How it is built\n');
  expect(start, 'docs/architecture.md has a "## How it is built" section').toBeGreaterThan(-1);
  const end = architecture.indexOf('\n## ', start + 4);
  return architecture.slice(start, end === -1 ? undefined : end);
}

/** File names under the packages' and the daemon's sources, for names the map gives without a folder. */
function sourceFileNames(): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      if (entry.isDirectory()) walk(path.join(dir, entry.name));
      else names.add(entry.name);
    }
  };
  for (const pkg of readdirSync(path.join(root, 'packages'))) walk(path.join(root, 'packages', pkg, 'src'));
  walk(path.join(root, 'daemon', 'src'));
  return names;
}

describe('docs/architecture.md: How it is built', () => {
  it('names only files and folders that exist (core/ meaning packages/core/)', () => {
    const named = [...mapSection().matchAll(/`([^`\s]+)`/g)].map((m) => m[1]!);
    const paths = named.filter((p) => /^(packages|daemon|core|config)\//.test(p) && !p.includes('*'));
    const files = named.filter((p) => /^[\w.-]+\.(ts|cjs)$/.test(p));
    expect(paths.length).toBeGreaterThan(30);
    const missing = paths.filter((p) => !existsSync(path.join(root, p.replace(/^core\//, 'packages/core/'))));
    expect(missing).toEqual([]);
    const names = sourceFileNames();
    expect(files.filter((f) => !names.has(f))).toEqual([]);
  });

  it('lists every package and every context folder of core', () => {
    const map = mapSection();
    for (const pkg of readdirSync(path.join(root, 'packages'))) expect(map).toContain(`\`packages/${pkg}\``);
    const contexts = readdirSync(path.join(root, 'packages/core/src'), { withFileTypes: true })
      .filter((d) => d.isDirectory() && !['ports', 'shared', 'testing', 'events'].includes(d.name))
      .map((d) => d.name);
    for (const context of contexts) expect(map, `context ${context}/`).toContain(`\`${context}/\``);
  });
});
