import type { SyntheticContent } from './document.js';
import type { Random } from './random.js';

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
  /** Lines the footer's legal line carries after the address: a managing person and a register entry. */
  legal: readonly string[];
}

/** Draws the issuer's choices and words, and renames the seller where it is a person's business. */
export function chooseStrangerIssuer(
  content: SyntheticContent,
  random: Random,
): { content: SyntheticContent; issuer: StrangerIssuer } {
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
  if (!person) return { content, issuer };
  const name = trade.replace('{owner}', owner).replace('{last}', owner.split(' ').slice(1).join(' '));
  return { content: { ...content, seller: { ...content.seller, name } }, issuer };
}

export function describeStrangerIssuer(issuer: StrangerIssuer): string {
  return `issuer=${issuer.name} department=${issuer.department !== undefined} legal-line=${issuer.legal.length > 0}`;
}
