/** The shape the handbook keeps: a short README, a tidy top level, and no log of work rounds anywhere. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/processes.js';
import { readDoc } from './markdown.js';

const tracked = () =>
  execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((file) => file !== '' && fs.existsSync(path.join(REPO_ROOT, file)));

const TOP_LEVEL = new Set([
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'packages',
  'daemon',
  'config',
  'examples',
  'test',
  'README.md',
  'CONTRIBUTING.md',
  'CHANGELOG.md',
  'docs',
  '.ci',
  '.gitignore',
  '.npmrc',
]);

/**
 * How a log of work rounds reads: the word for a round of work with its number, or the round
 * before; the dashboard's and SMTP's sessions never read so.
 */
const WORK_ROUNDS = /\bsessions? \d+|\bprevious\s+session\b|\bsessions \d+-\d+/i;
const TEXT = /\.(md|ts|tsx|mts|mjs|cjs|js|sh|json|css|html|env|yml|yaml)$/;

describe('handbook shape', () => {
  it('README.md is at most 250 lines', () => {
    expect(readDoc('README.md').split('\n').length).toBeLessThanOrEqual(250);
  });

  it('the top level holds only the agreed entries', () => {
    const top = new Set(tracked().map((file) => file.split('/')[0]!));
    expect([...top].filter((entry) => !TOP_LEVEL.has(entry))).toEqual([]);
  });

  it('no file in the repository narrates rounds of work', () => {
    const files = tracked().filter((file) => TEXT.test(file) && file !== 'package-lock.json');
    const hits = files.flatMap((file) =>
      readDoc(file)
        .split('\n')
        .flatMap((line, index) =>
          WORK_ROUNDS.test(line) ? [`${file}:${index + 1}: ${line.trim().slice(0, 120)}`] : [],
        ),
    );
    expect(hits).toEqual([]);
  });
});
