/**
 * The header fields of a raw message, read without a MIME parser: for the loop guard of a message
 * the parser could not read. First occurrence of each name, lowercased; folded lines unfolded.
 */
export function scanRawHeaders(
  raw: Uint8Array,
  maxBytes = 256 * 1024,
): { headers: Record<string, string>; from: string | null } {
  const text = Buffer.from(raw.buffer, raw.byteOffset, Math.min(raw.byteLength, maxBytes)).toString('latin1');
  const end = text.search(/\r?\n\r?\n/);
  const block = end < 0 ? text : text.slice(0, end);
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n(?=[ \t])/g, '').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!/^[\x21-\x39\x3b-\x7e]+$/.test(name) || Object.prototype.hasOwnProperty.call(headers, name)) continue;
    Object.defineProperty(headers, name, {
      value: line.slice(colon + 1).trim(),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return { headers, from: addressIn(headers.from) };
}

/** The first address of a header value: `Name <a@b>` or a bare `a@b`. */
function addressIn(value: string | undefined): string | null {
  if (!value) return null;
  const match = /<\s*([^<>\s@]+@[^<>\s@]+)\s*>/.exec(value) ?? /([^\s<>",;:()]+@[^\s<>",;:()]+)/.exec(value);
  return match ? match[1]!.toLowerCase() : null;
}
