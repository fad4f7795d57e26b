/**
 * `@intake/core`'s public entry is deliberate (issue 16): explicit named exports, each documented
 * where it is declared, as graphile-worker's interfaces.ts does; nothing is re-exported by `*`.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/processes.js';

const CORE = path.join(REPO_ROOT, 'packages/core/src');

/** The public entry and the context subpaths (`@intake/core/jobs`, ...), which carry no promise. */
const PROMISED = new Set(['.', './constants', './values', './testing', './package.json']);
const manifest = JSON.parse(fs.readFileSync(path.join(CORE, '../package.json'), 'utf8')) as {
  exports: Record<string, { '@intake/source'?: string } | string>;
};
const CONTEXT_ENTRIES = Object.entries(manifest.exports)
  .filter(([subpath]) => !PROMISED.has(subpath))
  .map(([, target]) => path.join(CORE, '..', (target as { '@intake/source': string })['@intake/source']));
const ENTRIES = [path.join(CORE, 'index.ts'), ...CONTEXT_ENTRIES];
let program: ts.Program | undefined;

/** Every name an entry exports, with whether its declaration carries a TSDoc comment. */
function exportsOf(entry: string): { name: string; documented: boolean; declaredIn: string }[] {
  // One program for all entries: building it (parsing core and its dependencies' types) is the slow part.
  program ??= ts.createProgram(ENTRIES, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    noEmit: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(entry)!)!;
  return checker.getExportsOfModule(moduleSymbol).map((exported) => {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const declaration = symbol.declarations?.[0];
    return {
      name: exported.name,
      documented: ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim().length > 0,
      declaredIn: declaration ? path.relative(CORE, declaration.getSourceFile().fileName) : '?',
    };
  });
}

describe('@intake/core public surface', () => {
  const entry = path.join(CORE, 'index.ts');

  it('names each export (no export *)', () => {
    const source = fs.readFileSync(entry, 'utf8');
    expect(source).not.toMatch(/export \* from/);
  });

  it('documents every export where it is declared', () => {
    const surface = exportsOf(entry);
    expect(surface.length).toBeGreaterThan(50);
    const undocumented = surface.filter((e) => !e.documented).map((e) => `${e.name} (${e.declaredIn})`);
    expect(undocumented).toEqual([]);
  });

  it('keeps the daemon-only parts out of it (they are in the context subpaths)', () => {
    const names = new Set(exportsOf(entry).map((e) => e.name));
    const contextNames = new Set(CONTEXT_ENTRIES.flatMap((file) => exportsOf(file).map((e) => e.name)));
    expect(CONTEXT_ENTRIES.length).toBeGreaterThan(10);
    for (const name of ['JobStore', 'EmailIngestionConfigSchema', 'InboundMailService', 'JobProcessor']) {
      expect(names.has(name), name).toBe(false);
      expect(contextNames.has(name), name).toBe(true);
    }
  });
});
