/**
 * Source size, for information: the median and 90th-percentile length of the source files (lines,
 * over packages/<name>/src and daemon/src, .ts and .tsx; declaration files and core's src/testing/,
 * the in-memory ports and contract suites adapters run, excepted) and the longest function
 * (function, method, constructor, accessor or arrow function, first line to last, found with the
 * TypeScript compiler API). Run: npm run metrics:source. The rule the tests hold is only the
 * function length (source-metrics.test.ts): file sizes are printed, not limited.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export interface LongestFunction {
  file: string;
  name: string;
  line: number;
  lines: number;
}

export interface SourceMetrics {
  files: number;
  medianLines: number;
  p90Lines: number;
  longestFunction: LongestFunction;
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SKIPPED_DIRS = new Set(['node_modules', 'dist']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** packages/<name>/src and daemon/src (without core's src/testing/), relative to the repository root, sorted. */
export function listSourceFiles(root = ROOT): string[] {
  const packages = readdirSync(path.join(root, 'packages'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => path.join(root, 'packages', d.name, 'src'));
  const dirs = [...packages, path.join(root, 'daemon', 'src')].filter((d) => existsSync(d));
  return dirs
    .flatMap(sourceFiles)
    .map((f) => path.relative(root, f))
    .filter((f) => !f.startsWith('packages/core/src/testing/'))
    .sort();
}

/** Lines of a text as an editor numbers them (a final newline ends the last line, it adds none). */
export function lineCount(text: string): number {
  if (text.length === 0) return 0;
  const breaks = text.split('\n').length - 1;
  return text.endsWith('\n') ? breaks : breaks + 1;
}

/** The value at index floor(p * n) of the sorted values: the upper median for p = 0.5. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

const isFunctionLike = (node: ts.Node): node is ts.FunctionLikeDeclaration =>
  ts.isFunctionDeclaration(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isConstructorDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isArrowFunction(node);

function functionName(node: ts.FunctionLikeDeclaration): string {
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
    return parent.name.getText();
  return '(anonymous)';
}

/** Every function of one file with its length in lines. */
export function functionsOf(file: string, text: string): LongestFunction[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: LongestFunction[] = [];
  const visit = (node: ts.Node): void => {
    if (isFunctionLike(node) && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ file, name: functionName(node), line: first + 1, lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * A file made only of `export ... from` statements (a barrel, or a package's entry): it holds no code
 * to read, so it does not count. Curating @intake/core's surface removed ten short barrels; counted,
 * that alone would lift the median without one line of code getting longer.
 */
export function isReexportOnly(file: string, text: string): boolean {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  return (
    source.statements.length > 0 &&
    source.statements.every((s) => ts.isExportDeclaration(s) && s.moduleSpecifier !== undefined)
  );
}

/** Every function of the sources (listSourceFiles) longer than `maxLines`, longest first. */
export function functionsOver(maxLines: number, root = ROOT): LongestFunction[] {
  return listSourceFiles(root)
    .flatMap((file) => functionsOf(file, readFileSync(path.join(root, file), 'utf8')))
    .filter((fn) => fn.lines > maxLines)
    .sort((a, b) => b.lines - a.lines);
}

export function measureSources(root = ROOT): SourceMetrics {
  const lengths: number[] = [];
  let longest: LongestFunction = { file: '', name: '', line: 0, lines: 0 };
  for (const file of listSourceFiles(root)) {
    const text = readFileSync(path.join(root, file), 'utf8');
    if (isReexportOnly(file, text)) continue;
    lengths.push(lineCount(text));
    for (const fn of functionsOf(file, text)) if (fn.lines > longest.lines) longest = fn;
  }
  lengths.sort((a, b) => a - b);
  return {
    files: lengths.length,
    medianLines: percentile(lengths, 0.5),
    p90Lines: percentile(lengths, 0.9),
    longestFunction: longest,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const m = measureSources();
  const f = m.longestFunction;
  console.log(`source files: ${m.files}`);
  console.log(`median file length: ${m.medianLines} lines`);
  console.log(`90th-percentile file length: ${m.p90Lines} lines`);
  console.log(`longest function: ${f.lines} lines, ${f.name} in ${f.file}:${f.line}`);
}
