import { run } from './main.js';
import { processIo } from './io.js';

// The `intake` executable (daemon/bin/intake.mjs): the process's arguments and streams. A started
// daemon keeps the process alive after run() returns; its signal handlers end it.
process.exitCode = await run(process.argv.slice(2), processIo());
