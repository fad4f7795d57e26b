import { describe, expect, it } from 'vitest';
import { isDepartmentLine } from '../../packages/core/src/extraction/fields/department-lines.js';
import { cleanName } from '../../packages/core/src/extraction/fields/party-lines.js';
import { extractInvoice, invoiceBody, lines } from './synthetic.js';

/**
 * Parties with no legal form print a unit of the body under its name: a university's institute or
 * faculty, a practice's specialty (lexicons/department-words.json, starts). The body is the party.
 * Their seller's block under "From" runs on into an address opened by a unit ("Unit 9, ..."). A
 * public body that bills prints its office after its name and a comma, on the name's line.
 */

describe("a unit's line under a body's name", () => {
  it('leaves the university over its faculty the seller under a Dutch label', () => {
    const result = extractInvoice([
      ...lines(50, 110, [
        'Leverancier',
        'Universiteit Twente',
        'Faculteit Techniek',
        'Drienerlolaan 5',
        '7522 NB Enschede',
      ]),
      ...lines(200, 110, ['Factuuradres', 'Vos Vastgoed B.V.', 'Havenstraat 11', '3024 SK Rotterdam']),
      ...invoiceBody,
    ]);
    expect(result.vendor_name).toBe('Universiteit Twente');
  });

  it("is a unit only where the unit's words open the line", () => {
    expect(isDepartmentLine('Institut für Informatik', false)).toBe(true);
    expect(isDepartmentLine('Fachärztin für Allgemeinmedizin', false)).toBe(true);
    expect(isDepartmentLine('Dipartimento di Chimica', false)).toBe(true);
    expect(isDepartmentLine('Fraunhofer-Institut für Solare Energiesysteme', false)).toBe(false);
    expect(isDepartmentLine('London School of Economics', false)).toBe(false);
  });

  it('knows the departments of Italian, Portuguese and Polish letterheads, and leaves a firm named after its trade', () => {
    expect(isDepartmentLine('Amministrazione', false)).toBe(true);
    expect(isDepartmentLine('Ufficio commerciale', false)).toBe(true);
    expect(isDepartmentLine('Contabilidade', false)).toBe(true);
    expect(isDepartmentLine('Dział księgowości', false)).toBe(true);
    expect(isDepartmentLine('Administracja', false)).toBe(true);
    // An accounting firm is named after its trade: a whole line's word only where it is the whole line.
    expect(isDepartmentLine('Contabilidade Ferreira', false)).toBe(false);
    expect(isDepartmentLine('Studio Amministrazione Rossi', false)).toBe(false);
  });
});

describe("a unit's address line under a seller's name with no legal form", () => {
  it('is no organization, though the footer prints it again (English)', () => {
    const result = extractInvoice([
      ...lines(50, 40, ['From', 'Blue Heron Catering', 'Unit 9, Riverside Park', 'Leeds LS11 5DJ']),
      ...lines(200, 40, ['Bill to', 'University of Westbury', 'School of Engineering', '22 Station Road']),
      ...invoiceBody,
      { x: 50, y: 790, text: 'Blue Heron Catering' },
      { x: 50, y: 804, text: 'Unit 9, Riverside Park' },
    ]);
    expect(result.vendor_name).toBe('Blue Heron Catering');
  });
});

describe("a public body's office after its name and a comma", () => {
  it('leaves the body the seller under a Dutch label', () => {
    const result = extractInvoice([
      ...lines(50, 110, ['Leverancier', 'Gemeente Utrecht, Afdeling Vastgoed', 'Dorpsweg 40', '5611 AB Eindhoven']),
      ...lines(300, 110, ['Factuuradres', 'Bouwbedrijf Smit B.V.', 'Havenstraat 11', '3024 SK Rotterdam']),
      ...invoiceBody,
    ]);
    expect(result.vendor_name).toBe('Gemeente Utrecht');
  });

  it('is cut from a German name, where a comma between two names keeps both', () => {
    expect(cleanName('Stadtverwaltung Lindau, Amt für Gebäudewirtschaft')).toBe('Stadtverwaltung Lindau');
    expect(cleanName('Landeshauptstadt München, Referat für Bildung und Sport')).toBe('Landeshauptstadt München');
    expect(cleanName('Smith, Jones & Partners')).toBe('Smith, Jones & Partners');
  });
});
