/**
 * A one-line progress bar on stderr, drawn only when stderr is a terminal: piped or captured
 * output (CI, `2> log`) stays free of carriage returns.
 */
export interface Progress {
  tick(label: string): void;
  done(): void;
}

import type { CliWriter } from '../io.js';

const WIDTH = 24;

export function createProgress(total: number, stream: CliWriter = process.stderr): Progress {
  if (!stream.isTTY || total === 0) return { tick: () => undefined, done: () => undefined };
  let count = 0;
  const draw = (label: string) => {
    const filled = Math.round((count / total) * WIDTH);
    const name = label.length > 40 ? `…${label.slice(-39)}` : label;
    stream.write(`\r[${'#'.repeat(filled)}${' '.repeat(WIDTH - filled)}] ${count}/${total} ${name}\x1b[K`);
  };
  return {
    tick(label) {
      count++;
      draw(label);
    },
    done() {
      stream.write('\r\x1b[K');
    },
  };
}
