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

const ENTRIES = [path.join(CORE, 'index.ts'), path.join(CORE, 'internal.ts')];
let program: ts.Program | undefined;

/** Every name an entry exports, with whether its declaration carries a TSDoc comment. */
function exportsOf(entry: string): { name: string; documented: boolean; declaredIn: string }[] {
  // One program for both entries: building it (parsing core and its dependencies' types) is the slow part.
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

  it('keeps the daemon-only parts out of it (they are in @intake/core/internal)', () => {
    const names = new Set(exportsOf(entry).map((e) => e.name));
    const internal = exportsOf(path.join(CORE, 'internal.ts')).map((e) => e.name);
    expect(internal.filter((name) => names.has(name))).toEqual([]);
    for (const name of ['JobStore', 'EmailIngestionConfigSchema', 'InboundMailService'])
      expect(names.has(name), name).toBe(false);
  });
});
