// `npm run typecheck-and-lint`, the type check and ESLint of `npm run checks` in one process on one
// TypeScript program per tsconfig. Run apart (`npm run typecheck`, `npm run lint`), each built the
// same two programs (the root tsconfig over the sources, tests and examples, and the dashboard's
// browser code) and type-checked the same code: tsc in full for its errors, ESLint's type-aware rules
// again for the types they ask about. Here tsc's programs are handed to typescript-eslint
// (`parserOptions.programs`), whose rules then ask a checker that has already checked everything.
//
// What each part checks is unchanged: the type check is `tsc -p <tsconfig> --incremental` with the
// same build-info files (a repeated run in the same clone checks again only what changed), and ESLint
// runs `config/eslint.config.mjs` over the whole tree with `--max-warnings 0`. Both always run; the
// exit code is 1 if either fails, and each part's output is printed under its name.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import ts from 'typescript';

const root = fileURLToPath(new URL('../..', import.meta.url));
const CACHE = path.join(root, 'node_modules', '.cache', 'intake');
/** The tsconfigs `npm run typecheck` checks, with its build-info files, in its order. */
const PROJECTS = [
  { tsconfig: 'tsconfig.json', buildInfo: 'typecheck.tsbuildinfo' },
  { tsconfig: 'packages/dashboard/ui/tsconfig.json', buildInfo: 'typecheck-ui.tsbuildinfo' },
];

const formatHost = {
  getCanonicalFileName: (fileName) => fileName,
  getCurrentDirectory: () => root,
  getNewLine: () => '\n',
};

/** One tsconfig as `tsc -p <tsconfig> --incremental --tsBuildInfoFile <file>` checks it: its program and its errors. */
function typecheck({ tsconfig, buildInfo }) {
  const errors = [];
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(root, tsconfig),
    { incremental: true, tsBuildInfoFile: path.join(CACHE, buildInfo) },
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (diagnostic) => errors.push(diagnostic) },
  );
  if (!config) return { program: undefined, diagnostics: errors };
  const builder = ts.createIncrementalProgram({
    rootNames: config.fileNames,
    options: config.options,
    projectReferences: config.projectReferences,
    configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(config),
  });
  const diagnostics = [
    ...builder.getConfigFileParsingDiagnostics(),
    ...builder.getOptionsDiagnostics(),
    ...builder.getGlobalDiagnostics(),
    ...builder.getSyntacticDiagnostics(),
    ...builder.getSemanticDiagnostics(),
  ];
  // With noEmit this writes the build info alone, as tsc does.
  diagnostics.push(...builder.emit().diagnostics);
  return { program: builder.getProgram(), diagnostics: ts.sortAndDeduplicateDiagnostics(diagnostics) };
}

const print = (title, text) => process.stdout.write(`== ${title}\n${text}${text.endsWith('\n') ? '' : '\n'}`);

let failed = false;
const programs = [];
for (const project of PROJECTS) {
  const { program, diagnostics } = typecheck(project);
  if (program) programs.push(program);
  if (diagnostics.length > 0) {
    failed = true;
    const format = process.stdout.isTTY ? ts.formatDiagnosticsWithColorAndContext : ts.formatDiagnostics;
    print(`typecheck ${project.tsconfig}: ${diagnostics.length} error(s)`, format(diagnostics, formatHost));
  } else print(`typecheck ${project.tsconfig}`, 'ok');
}

if (programs.length !== PROJECTS.length) {
  failed = true;
  print('lint', 'not run: a tsconfig could not be read');
} else {
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: path.join(root, 'config', 'eslint.config.mjs'),
    // The same programs, already checked: typescript-eslint ignores `project` when given `programs`.
    overrideConfig: { files: ['**/*.{ts,tsx}'], languageOptions: { parserOptions: { programs } } },
  });
  const results = await eslint.lintFiles(['.']);
  const errors = results.reduce((sum, r) => sum + r.errorCount + r.fatalErrorCount, 0);
  const warnings = results.reduce((sum, r) => sum + r.warningCount, 0);
  const text = await (await eslint.loadFormatter('stylish')).format(results);
  // As `eslint --max-warnings 0`: an error or any warning fails.
  if (errors > 0 || warnings > 0) failed = true;
  print(`lint: ${errors} error(s), ${warnings} warning(s)`, text || 'ok');
}
process.exitCode = failed ? 1 : 0;
