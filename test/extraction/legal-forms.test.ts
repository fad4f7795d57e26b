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
