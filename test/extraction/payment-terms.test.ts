import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, type Placed } from './synthetic.js';

function invoice(terms: Placed[]) {
  const head: Placed[] = [
    { x: 40, y: 60, text: 'Lieferant GmbH' },
    { x: 40, y: 74, text: 'Lieferantenstraße 20, 80333 München' },
    { x: 350, y: 120, text: 'Rechnung Nr. 471102' },
    { x: 350, y: 134, text: 'Rechnungsdatum 05.06.2013' },
    { x: 350, y: 400, text: 'Gesamtbetrag' },
    { x: 480, y: 400, text: '529,87' },
  ];
  return extractFields(doc([...head, ...terms]), [...RECOMMENDED_FIELDS.invoice]).extracted_data;
}

describe('due date from payment terms with an early-payment discount', () => {
  it('the net date after the discount date ("netto bis ..., 3% Skonto ... bis ...") is due, whichever is printed first', () => {
    const netFirst = invoice([
      {
        x: 40,
        y: 500,
        text: 'Zahlbar innerhalb 30 Tagen netto bis 04.07.2013, 3% Skonto innerhalb 10 Tagen bis 15.06.2013',
      },
    ]);
    expect(netFirst.due_date).toBe('2013-07-04');
    const discountFirst = invoice([
      { x: 40, y: 500, text: 'Zahlbar bis 15.06.2013 mit 2% Skonto, bis' },
      { x: 40, y: 512, text: '04.07.2013 ohne Abzug.' },
    ]);
    expect(discountFirst.due_date).toBe('2013-07-04');
  });

  it('without a discount in the sentence, the date next to the label stays the due date', () => {
    const data = invoice([{ x: 40, y: 500, text: 'Zahlbar bis 15.06.2013, Lieferung am 04.07.2013' }]);
    expect(data.due_date).toBe('2013-06-15');
  });
});

describe('due date under a "Fälligkeit" column', () => {
  it('is the date under the column, though a sentence in the column beside it names the invoice amount', () => {
    const data = invoice([
      { x: 40, y: 500, text: 'Beschreibung' },
      { x: 420, y: 500, text: 'Fälligkeit' },
      { x: 500, y: 500, text: 'Teilzahlung' },
      { x: 40, y: 514, text: 'Den Rechnungsbetrag überweisen Sie bitte bis zum Termin.' },
      { x: 420, y: 514, text: '21.11.2013' },
    ]);
    expect(data.due_date).toBe('2013-11-21');
  });

  it('a label alone left of the column still owns the value beside it', () => {
    const data = invoice([
      { x: 420, y: 500, text: 'Fälligkeit' },
      { x: 40, y: 514, text: 'Lieferdatum:' },
      { x: 420, y: 514, text: '21.11.2013' },
    ]);
    expect(data.due_date).not.toBe('2013-11-21');
  });
});
