import fs from 'node:fs';

/** The daemon package's version, as `intake --version` prints it and each daemon records it. */
export const VERSION: string = (
  JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
