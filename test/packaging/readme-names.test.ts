/**
 * A package's README names only what its public entries export: every backticked type name in the
 * prose (`IntakeStores`, `WebhookTransport`) is exported by the package or by `@intake/core` (whose
 * ports the adapters implement), and every name a code example imports from `@intake/...` is
 * exported by that entry. `@intake/core`'s context subpaths (`/jobs`, `/ports`, ...) do not count: they
 * carry no promise to embedders.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/processes.js';

const PACKAGES = path.join(REPO_ROOT, 'packages');
/** `@intake/core`'s entries with a promise; its context subpaths (`/jobs`, `/ports`, ...) have none. */
const CORE_PROMISED = new Set(['.', './constants', './values', './testing']);

/** Each public entry's specifier (`@intake/core/constants`) and source file, from the packages' `exports`. */
function publicEntries(): Map<string, string> {
  const entries = new Map<string, string>();
  for (const dir of fs.readdirSync(PACKAGES)) {
    const manifestPath = path.join(PACKAGES, dir, 'package.json');
    if (!fs.existsSync(manifestPath)) continue;
    const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as {
      name: string;
      exports?: Record<string, { '@intake/source'?: string } | string>;
    };
    for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
      const source = typeof target === 'object' ? target['@intake/source'] : undefined;
      if (!source || (manifest.name === '@intake/core' && !CORE_PROMISED.has(subpath))) continue;
      entries.set(path.posix.join(manifest.name, subpath), path.join(PACKAGES, dir, source));
    }
  }
  return entries;
}

/**
 * The names a module exports, values and types alike, read from its syntax: named exports, declarations
 * with `export`, and `export * from` followed into the relative file (a type checker over every package
 * costs about 30 s of CPU, this a fraction of a second).
 */
function exportsOf(file: string): Set<string> {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022);
  const names = new Set<string>();
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement)) {
      if (statement.exportClause && ts.isNamedExports(statement.exportClause))
        for (const element of statement.exportClause.elements) names.add(element.name.text);
      else if (statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier))
        for (const name of exportsOf(
          path.resolve(path.dirname(file), statement.moduleSpecifier.text.replace(/\.js$/, '.ts')),
        ))
          names.add(name);
      continue;
    }
    const exported =
      ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (!exported) continue;
    if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) if (ts.isIdentifier(d.name)) names.add(d.name.text);
    } else if (
      (ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isEnumDeclaration(statement)) &&
      statement.name
    )
      names.add(statement.name.text);
  }
  return names;
}

function exportedNames(entries: Map<string, string>): Map<string, Set<string>> {
  return new Map([...entries].map(([specifier, file]) => [specifier, exportsOf(file)]));
}

/** Backticked PascalCase names in the prose (outside code blocks), and `import { ... } from '@intake/...'` in the code. */
function namesIn(markdown: string): { prose: string[]; imports: { from: string; name: string }[] } {
  const parts = markdown.split(/^```.*$/m);
  const prose = parts.filter((_, i) => i % 2 === 0).join('\n');
  const code = parts.filter((_, i) => i % 2 === 1).join('\n');
  const imports = [...code.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'(@intake\/[^']+)'/g)].flatMap((m) =>
    m[1]!
      .split(',')
      .map(
        (n) =>
          n
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0]!,
      )
      .filter(Boolean)
      .map((name) => ({ from: m[2]!, name })),
  );
  return {
    prose: [...new Set([...prose.matchAll(/`([A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*)`/g)].map((m) => m[1]!))],
    imports,
  };
}

describe('package READMEs', () => {
  it('finds names in prose and in code examples (the check below can fail)', () => {
    const found = namesIn(
      "Stores through `DocumentStore` and `SCOPES`.\n\n```ts\nimport { createIntake, type Intake as I } from '@intake/core';\n```\n",
    );
    expect(found.prose).toEqual(['DocumentStore']);
    expect(found.imports).toEqual([
      { from: '@intake/core', name: 'createIntake' },
      { from: '@intake/core', name: 'Intake' },
    ]);
  });

  it('name only what the public entries export', () => {
    const entries = publicEntries();
    const exported = exportedNames(entries);
    const core = [...exported].filter(([specifier]) => specifier.startsWith('@intake/core'));
    expect(exported.get('@intake/core')?.has('IntakeStores')).toBe(true);
    expect(exported.get('@intake/core')?.has('DocumentStore')).toBe(false);
    const missing: string[] = [];
    let checked = 0;
    for (const dir of fs.readdirSync(PACKAGES)) {
      const readme = path.join(PACKAGES, dir, 'README.md');
      if (!fs.existsSync(readme)) continue;
      const { prose, imports } = namesIn(fs.readFileSync(readme, 'utf8'));
      const { name: packageName } = JSON.parse(fs.readFileSync(path.join(PACKAGES, dir, 'package.json'), 'utf8')) as {
        name: string;
      };
      const own = [...exported].filter(
        ([specifier]) => specifier === packageName || specifier.startsWith(`${packageName}/`),
      );
      for (const name of prose) {
        checked++;
        if (![...own, ...core].some(([, names]) => names.has(name))) missing.push(`${dir}/README.md: \`${name}\``);
      }
      for (const { from, name } of imports) {
        checked++;
        if (!exported.get(from)?.has(name)) missing.push(`${dir}/README.md: ${name} from ${from}`);
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });
});
