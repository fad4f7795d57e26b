/** A parsing thread: one raw message in, its parts out (the attachments' buffers moved, not copied). */
import type { MessageParser } from '@intake/core/ports';
import { parseMessage } from './parse-message.js';
import { serveTasks } from './serve-tasks.js';

export interface ParseRequest {
  raw: Uint8Array;
  limits: Parameters<MessageParser['parse']>[1];
  timeoutMs: number;
}

serveTasks(async ({ raw, limits, timeoutMs }: ParseRequest) => {
  const parsed = await parseMessage(raw, limits, timeoutMs);
  // Each attachment in a buffer of its own, moved: mailparser's may be slices of a shared (pooled,
  // untransferable) buffer. The copy costs a memcpy here, the move nothing on the other side.
  const attachments = parsed.attachments.map((attachment) => ({ ...attachment, content: attachment.content.slice() }));
  return { value: { ...parsed, attachments }, transfer: attachments.map((a) => a.content.buffer) };
});
