/** The document types Intake accepts. */
export const SUPPORTED_MIME_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'image/tiff'] as const;
/** One of SUPPORTED_MIME_TYPES. */
export type SupportedMimeType = (typeof SUPPORTED_MIME_TYPES)[number];

const ALIASES: Record<string, SupportedMimeType> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/tif': 'image/tiff',
  'application/x-pdf': 'application/pdf',
};

/** `Image/JPG; name=x` to `image/jpeg`; null when it is none of the supported types. */
export function normalizeMimeType(declared: string): SupportedMimeType | null {
  const base = declared.split(';')[0]!.trim().toLowerCase();
  if ((SUPPORTED_MIME_TYPES as readonly string[]).includes(base)) return base as SupportedMimeType;
  return ALIASES[base] ?? null;
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

/**
 * The type the bytes really are, from their magic numbers; never from a declared type or a name.
 * A PDF may have up to 1 KB of junk before `%PDF-` (readers accept that), so search that far.
 */
export function sniffMimeType(bytes: Uint8Array): SupportedMimeType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return 'image/tiff';
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  if (head.includes('%PDF-')) return 'application/pdf';
  return null;
}
