/**
 * core's MessageParser: mailparser (parse-message.ts) in parsing threads of their own
 * (task-threads.ts), never on the thread that answers HTTP and SMTP.
 */
import type { MessageParser } from '@intake/core/ports';
import type { ParseRequest } from './parse-thread.js';
import { TaskThreads } from './task-threads.js';

/** Options of {@link createMailParser}. */
export interface MailParserOptions {
  /** How long one message may take before parse() gives up with an Error; 30 s by default. */
  timeoutMs?: number;
  /** Messages parsed at once, each in a thread of its own (default 2, the mail workers' default). */
  threads?: number;
  /** Each parsing thread's JavaScript heap, in MB (default 512). */
  memoryMb?: number;
  /** A parsing thread idle this long ends, in ms (default 10 s). */
  idleMs?: number;
}

/** The mail parser, and how many of its threads are alive. */
export interface MailParser extends MessageParser {
  readonly liveThreads: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;
/**
 * The thread answers a timeout itself (mailparser did not finish within ...); it is ended only when
 * a synchronous step keeps it from doing so this much longer.
 */
const END_GRACE_MS = 1000;

/**
 * Core's `MessageParser` on mailparser: a raw RFC 5322 message to its headers, text and attachments,
 * with attachment names sanitised and types decided by content, within a time bound.
 */
export function createMailParser(options: MailParserOptions = {}): MailParser {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const threads = new TaskThreads({
    script: 'parse-thread',
    size: options.threads ?? 2,
    timeoutMs: timeoutMs + END_GRACE_MS,
    memoryMb: options.memoryMb ?? 512,
    what: 'parsing the message',
    idleMs: options.idleMs,
  });
  return {
    // The raw message is copied into the thread: the caller keeps it (it is stored).
    parse: (raw, limits) => threads.run({ raw, limits, timeoutMs } satisfies ParseRequest),
    get liveThreads() {
      return threads.liveThreads;
    },
  };
}
