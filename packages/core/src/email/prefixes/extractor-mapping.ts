import type { Extractor } from '../../extractors/index.js';
import type { ExtractorStore } from '../../ports/extractor-store.port.js';
import type { EmailIngestionConfig } from './email-ingestion-config.schema.js';

/** Document types that name the same thing: a vendor's bill is an invoice to whoever receives it. */
const SYNONYMS: readonly (readonly string[])[] = [['vendor_bill', 'invoice']];

/** The type itself first, then its synonyms. */
export const matchingDocumentTypes = (documentType: string): string[] => [
  documentType,
  ...(SYNONYMS.find((group) => group.includes(documentType)) ?? []).filter((t) => t !== documentType),
];

export type ExtractorResolution =
  | { outcome: 'mapped'; extractor: Extractor }
  | { outcome: 'matched'; extractor: Extractor }
  | { outcome: 'none'; documentType: string };

const newer = (a: Extractor, b: Extractor): Extractor =>
  b.created_at > a.created_at || (b.created_at === a.created_at && b.id > a.id) ? b : a;

/**
 * Which extractor a document of `documentType` arriving at `config`'s prefix goes to: the one the
 * config's `extractors` map names, when it still exists and is active; else the organization's
 * newest active extractor of that type or a synonym (`vendor_bill` and `invoice`); else none.
 */
export async function resolveExtractorFor(
  extractors: ExtractorStore,
  orgId: string,
  config: Pick<EmailIngestionConfig, 'extractors'>,
  documentType: string,
): Promise<ExtractorResolution> {
  const mappedId = config.extractors?.[documentType];
  if (mappedId !== undefined) {
    const mapped = await extractors.get(orgId, mappedId);
    if (mapped?.is_active) return { outcome: 'mapped', extractor: mapped };
  }
  let best: Extractor | null = null;
  for (const type of matchingDocumentTypes(documentType)) {
    const page = await extractors.list(orgId, { document_type: type, is_active: true }, { limit: 1, offset: 0 });
    const candidate = page.items[0];
    if (candidate) best = best ? newer(best, candidate) : candidate;
  }
  return best ? { outcome: 'matched', extractor: best } : { outcome: 'none', documentType };
}
