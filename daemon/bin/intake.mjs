#!/usr/bin/env node
// The `intake` CLI: runs the built JavaScript in ../dist (`npm run build`; in the repository
// `npm install` builds it). Nothing is compiled at start-up.
try {
  await import('../dist/cli/bin.js');
} catch (error) {
  if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('/dist/cli/bin.js')) {
    process.stderr.write(
      'intake: the daemon is not built (no dist/cli/bin.js): run `npm run build` in the repository\n',
    );
    process.exit(1);
  }
  throw error;
}
