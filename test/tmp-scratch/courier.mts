import fs from 'node:fs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
const pdf = await PDFDocument.create();
const page = pdf.addPage([595, 842]);
const font = await pdf.embedFont(StandardFonts.Courier);
const lines = [
  'KESSLER MASCHINENBAU AG                              RECHNUNG',
  'Industriering 40',
  'D-74076 Heilbronn                     Rechnungs-Nr. :  90017734',
  '                                      Datum         :  05.06.2023',
  '                                      Kunden-Nr.    :  10442',
  '',
  'Firma',
  'Ostholm Agrartechnik GmbH',
  'Am Deich 7',
  '25746 Heide',
  '',
  'Pos  Material     Bezeichnung               Menge  Preis/ST       Betrag',
  '---------------------------------------------------------------------------',
  '10   4711-220     Lagerbuchse 40x50             8     12,40        99,20',
  '20   4711-318     Wellendichtring               4      7,85        31,40',
  '---------------------------------------------------------------------------',
  '                                          Nettowert             130,60 EUR',
  '                                          MwSt 19,00 %           24,81 EUR',
  '                                          Endbetrag             155,41 EUR',
  '',
  'Zahlbar innerhalb 30 Tagen ohne Abzug.',
];
lines.forEach((l, i) => page.drawText(l, { x: 40, y: 800 - i * 12, size: 9, font }));
fs.writeFileSync(process.argv[2]!, await pdf.save());
