/**
 * Every adapter package's entry is a deliberate surface too (issue 15): each name it exports carries
 * TSDoc where it is declared. (`@intake/core` has its own, stricter test: core-surface.test.ts.)
 */
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/processes.js';

const PACKAGES = [
  'storage-sql',
  'ocr-tesseract',
  'ocr-onnx',
  'mail-documents',
  'webhook-https',
  'notifier-smtp',
  'dashboard',
];
const entryOf = (name: string): string => path.join(REPO_ROOT, 'packages', name, 'src', 'index.ts');

describe('adapter packages: documented exports', () => {
  const entries = PACKAGES.map(entryOf);
  const program = ts.createProgram(entries, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    noEmit: true,
    types: [],
  });
  const checker = program.getTypeChecker();

  it.each(PACKAGES)('@intake/%s documents every export where it is declared', (name) => {
    const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(entryOf(name))!)!;
    const exported = checker.getExportsOfModule(moduleSymbol);
    expect(exported.length).toBeGreaterThan(0);
    const undocumented = exported
      .map((e) => (e.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(e) : e))
      .filter((s) => ts.displayPartsToString(s.getDocumentationComment(checker)).trim() === '')
      .map((s) => s.name);
    expect(undocumented).toEqual([]);
  });
});
