import { describe, expect, it } from 'vitest';
import { sameCompanyName } from '@intake/core/extraction';
import { hasLegalForm } from '../../packages/core/src/extraction/fields/party-lines.js';

describe('legal forms: data per language, one table for the name rules and the evaluation', () => {
  it('names compare equal with or without their form, in the languages the table lists', () => {
    expect(sameCompanyName('Volvo Lastvagnar AB', 'Volvo Lastvagnar')).toBe(true);
    expect(sameCompanyName('Kone Oyj', 'KONE')).toBe(true);
    expect(sameCompanyName('Ferrari S.p.A.', 'Ferrari')).toBe(true);
    expect(sameCompanyName('Norsk Hydro ASA', 'Norsk Hydro')).toBe(true);
    expect(sameCompanyName('Atelier Lumen SARL', 'Atelier Lumen')).toBe(true);
    expect(sameCompanyName('Dion Sdn Bhd', 'Dion')).toBe(true);
  });

  it('forms of several words and those of Austria, Belgium and Switzerland are stripped whole', () => {
    expect(sameCompanyName('Kaiser Softwareentwicklung UG (haftungsbeschränkt)', 'Kaiser Softwareentwicklung')).toBe(
      true,
    );
    expect(sameCompanyName('Huber Bau Ges.m.b.H.', 'Huber Bau')).toBe(true);
    expect(sameCompanyName('Peeters Logistiek BVBA', 'Peeters Logistiek')).toBe(true);
    expect(sameCompanyName('Cabinet Morel SELARL', 'Cabinet Morel')).toBe(true);
    expect(sameCompanyName('Rossi Consulenze Sagl', 'Rossi Consulenze')).toBe(true);
    expect(sameCompanyName('Volksbank Mittelland eG', 'Volksbank Mittelland')).toBe(true);
    expect(sameCompanyName('Becker & Roth PartG mbB', 'Becker & Roth')).toBe(true);
    // "e.g." in a sentence is no cooperative: only "eG" as a name's last word is.
    expect(hasLegalForm('Tools, e.g. hammers')).toBe(false);
  });

  it('a form that is also a common word counts only as the last word of a name', () => {
    expect(hasLegalForm('Fjord Shipping AS')).toBe(true);
    expect(hasLegalForm('Nordic Tools AB')).toBe(true);
    expect(hasLegalForm('Pay as you go')).toBe(false);
    expect(hasLegalForm('Lieferung ab Lager')).toBe(false);
  });

  it('trading-name words mark a name-like line but are no legal form the evaluation strips', () => {
    expect(hasLegalForm('Kedai Runcit Trading')).toBe(true);
    expect(sameCompanyName('Seng Trading', 'Seng')).toBe(false);
  });
});
