#!/usr/bin/env node
// The lab's CLI from its TypeScript sources (the lab is never built or published): tsx compiles on
// the fly. Start Node with --conditions=@intake/source so that every @intake/* import resolves to
// the packages' src/ as well (`npm run lab` does).
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../../../tsconfig.json', import.meta.url)) });
await import('../src/cli.ts');
