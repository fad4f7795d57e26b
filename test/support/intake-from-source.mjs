// The `intake` CLI from its TypeScript sources, for tests: tsx compiles on the fly, and the parent
// starts Node with --conditions=@intake/source so every @intake/* import resolves to src/ too. The
// shipped daemon/bin/intake.mjs runs the built dist/ instead (test/cli/built-cli.test.ts covers it).
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../../tsconfig.json', import.meta.url)) });
await import('../../daemon/src/cli/bin.ts');
