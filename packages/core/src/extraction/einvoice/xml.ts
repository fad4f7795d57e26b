import { XMLParser } from 'fast-xml-parser';

/**
 * A namespace-free view of an XML document: elements by local name, repeated elements as arrays,
 * text kept as strings (ids such as "0042" keep their zeros). No DTDs or external entities are
 * resolved, so an attachment cannot make the parser read files or the network.
 */

export type XmlNode = Record<string, unknown>;

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

export function parseXml(text: string): XmlNode | null {
  try {
    const parsed = parser.parse(text) as unknown;
    return isNode(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function isNode(value: unknown): value is XmlNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every child of that name (zero, one or many). */
export function children(node: unknown, name: string): unknown[] {
  if (!isNode(node)) return [];
  const value = node[name];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** Follows a path of local names, taking the first element at each step. */
export function at(node: unknown, ...path: string[]): unknown {
  let current: unknown = node;
  for (const name of path) {
    current = children(current, name)[0];
    if (current === undefined) return undefined;
  }
  return current;
}

/** The text of an element, whether it has attributes or not. */
export function text(node: unknown): string | undefined {
  if (typeof node === 'string') return node.trim() || undefined;
  if (typeof node === 'number') return String(node);
  if (isNode(node) && typeof node['#text'] !== 'undefined') return text(node['#text']);
  return undefined;
}

export function textAt(node: unknown, ...path: string[]): string | undefined {
  return text(at(node, ...path));
}

export function attribute(node: unknown, name: string): string | undefined {
  return isNode(node) && typeof node[`@_${name}`] === 'string' ? (node[`@_${name}`] as string) : undefined;
}

export function amount(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? Math.round(n * 100) / 100 : undefined;
}

/** Joins the non-empty parts of an address as it is printed: "Street 1, 12345 City". */
export function joinAddress(
  lines: (string | undefined)[],
  postcode: string | undefined,
  city: string | undefined,
): string | undefined {
  const place = [postcode, city].filter(Boolean).join(' ');
  const parts = [...lines.filter((l): l is string => Boolean(l)), ...(place ? [place] : [])];
  return parts.length ? parts.join(', ') : undefined;
}
