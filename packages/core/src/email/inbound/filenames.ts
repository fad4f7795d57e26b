const EXTENSIONS: Record<string, string> = {
  'application/pdf': '.pdf',
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/webp': '.webp',
  'image/tiff': '.tif',
};

const MAX_NAME_BYTES = 200;
// C0/C1 controls (NUL included), and the invisible or direction-changing characters that make
// "invoice<U+202E>fdp.exe" read as "invoiceexe.pdf".
// eslint-disable-next-line no-control-regex -- control characters are what this removes
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i;

/** A name that is only an extension, after leading dots and spaces: `.pdf`, ` .pdf`, `..pdf`, `. pdf`. */
const EXTENSION_ONLY = /^[.\s]+([^.\s]+)$/;

/**
 * A name safe to show, store and hand to any file system: the base name only (no `../`, no `C:\`),
 * without control or invisible characters, characters Windows forbids, or leading dots; at most
 * 200 bytes with the extension kept. An empty result becomes `attachment-N.<ext of the content>`,
 * and a name that is only an extension `attachment-N.<that extension>` (` .pdf` was `pdf`).
 */
export function sanitizeFilename(raw: string | null, index: number, detectedType: string | null): string {
  let name = (raw ?? '').normalize('NFC').replace(INVISIBLE, '');
  name = name.split(/[\\/]/).pop() ?? '';
  name = name
    .replace(/[<>:"|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .trim();
  const extensionOnly = EXTENSION_ONLY.exec(name);
  if (extensionOnly) name = `attachment-${index + 1}.${extensionOnly[1]}`;
  name = name.replace(/^[.\s]+/, '').replace(/[.\s]+$/, '');
  if (WINDOWS_RESERVED.test(name)) name = `_${name}`;
  if (name === '') return `attachment-${index + 1}${(detectedType && EXTENSIONS[detectedType]) ?? ''}`;
  return truncateKeepingExtension(name);
}

function truncateKeepingExtension(name: string): string {
  if (Buffer.byteLength(name) <= MAX_NAME_BYTES) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  let stem = name.slice(0, name.length - ext.length);
  while (Buffer.byteLength(stem + ext) > MAX_NAME_BYTES) stem = Array.from(stem).slice(0, -1).join('');
  return stem + ext;
}
