import type { SyntheticContent } from './document.js';
import type { Random } from './random.js';
import type { Vocabulary } from './vocabulary.js';

/**
 * How small and European issuers print themselves, which neither the corpus nor the other
 * stranger choices draw: a sole trader or a practice named after its owner, with no legal form
 * ("Helen Carter Design", "Fotografie Anna Weber", "Dr. med. Stefan Hofmann", "Schildersbedrijf
 * Mulder"); a department line under the name in its block ("Accounts Department", "Buchhaltung");
 * and a footer legal line that names a person and a register beside the company ("Geschäftsführer:
 * Anna Weber · Amtsgericht Köln HRB 48211", "Gérant : Camille Roux · RCS Paris B 412 345 678").
 * Drawn last of the stranger choices, with its words, so that a seed's earlier choices stay what
 * they were and the Chromium twin prints the same words without drawing them again.
 */
export interface StrangerIssuer {
  /** `company` as drawn for every document; `person`: the owner's name makes the seller's (sole traders, practices). */
  name: 'company' | 'person';
  /** A line under the seller's name in its block ("Accounts Department", "Service comptabilité"). */
  department?: string;
  /** A person's business: its owner's line under the name, over a department line ("Inh. Anna Weber", "Eigenaar: Pieter de Vries"). */
  owner?: string;
  /** A company: words after its name in the footer's legal line, its seat or capital ("mit Sitz in Köln", "au capital de 10 000 €"). */
  seat?: string;
  /** Lines the footer's legal line carries after the address: a managing person and a register entry. */
  legal: readonly string[];
}

/** Draws the issuer's choices and words, and renames the seller where it is a person's business. */
export function chooseStrangerIssuer(
  content: SyntheticContent,
  random: Random,
): { content: SyntheticContent; issuer: StrangerIssuer; owner: string } {
  const v = content.vocabulary;
  // Every draw is made whatever the choices, so that a seed's draws stay aligned.
  const person = random.chance(0.35);
  const owner = random.pick(v.owners);
  const trade = random.pick(v.sole_traders);
  const department = random.chance(0.25) ? random.pick(v.departments) : undefined;
  const legal = random.chance(0.4)
    ? [random.pick(v.legal_people).replace('{owner}', owner), random.pick(v.legal_registers)]
    : [];
  const issuer: StrangerIssuer = { name: person ? 'person' : 'company', legal, ...(department ? { department } : {}) };
  if (!person) return { content, issuer, owner };
  const name = trade.replace('{owner}', owner).replace('{last}', owner.split(' ').slice(1).join(' '));
  return { content: { ...content, seller: { ...content.seller, name } }, issuer, owner };
}

/**
 * Half of a person's businesses print their owner on a line under the name, as sole traders do
 * ("Blumenhaus Schmidt" over "Inh. Maria Schmidt e.K.", `owner_lines`), drawn from a random source
 * of its own (`intake synthetic owner S i`), its words every time, so that every other choice and
 * word of a seed stays as it was.
 */
export function withOwnerLine(issuer: StrangerIssuer, owner: string, v: Vocabulary, random: Random): StrangerIssuer {
  const printed = random.chance(0.5);
  const line = random.pick(v.owner_lines).replace('{owner}', owner);
  return issuer.name === 'person' && printed ? { ...issuer, owner: line } : issuer;
}

/**
 * A company's footer legal line runs on after its name, one page in four: its seat or its capital
 * ("Nordwind Textil GmbH mit Sitz in Hamburg", "Mistral SARL au capital de 10 000 €", `seats`,
 * `{place}` the seller's town), drawn from a random source of its own (`intake synthetic seat S i`)
 * with its words every time, so that every other choice and word of a seed stays as it was.
 */
export function withSeat(issuer: StrangerIssuer, content: SyntheticContent, random: Random): StrangerIssuer {
  const printed = random.chance(0.25);
  const seat = random.pick(content.vocabulary.seats);
  const place = (content.seller.lines.at(-1) ?? '').replace(/^[\d\s-]+|\s+[\d\s-]+$/g, '').trim();
  return issuer.name === 'company' && printed && place ? { ...issuer, seat: seat.replace('{place}', place) } : issuer;
}

/** The seller's name as the footer's legal line begins: with its seat where one is drawn. */
export const legalName = (name: string, issuer: Pick<StrangerIssuer, 'seat'>): string =>
  issuer.seat ? `${name} ${issuer.seat}` : name;

/** The lines under the seller's name in its block, before its address: the owner's, a department's. */
export const underName = (issuer: Pick<StrangerIssuer, 'owner' | 'department'>): string[] => [
  ...(issuer.owner ? [issuer.owner] : []),
  ...(issuer.department ? [issuer.department] : []),
];

export function describeStrangerIssuer(issuer: StrangerIssuer): string {
  return `issuer=${issuer.name} department=${issuer.department !== undefined} legal-line=${issuer.legal.length > 0} owner-line=${issuer.owner !== undefined} seat=${issuer.seat !== undefined}`;
}
