import fs from 'node:fs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
const [out, variant] = process.argv.slice(2);
const pdf = await PDFDocument.create();
const page = pdf.addPage([595, 842]);
const font = await pdf.embedFont(StandardFonts.Helvetica);
const t = (text: string, x: number, y: number, size = 10) => page.drawText(text, { x, y: 842 - y, size, font });
const r = (text: string, x: number, y: number, size = 10) => t(text, x - font.widthOfTextAtSize(text, size), y, size);
const v: Record<string, string[]> = {
  de: ['Holzbau Keller GmbH', 'Sägewerkstr. 3, 79848 Bonndorf', 'Schlussrechnung', 'Rechnungsnummer', 'SR-2024-031', 'Datum', '08.05.2024', 'Nettobetrag', '1.000,00', 'USt 19 %', '190,00', 'Gesamtbetrag', '1.190,00', 'abzüglich Abschlagszahlung vom 02.04.2024', '-500,00', 'Zahlbetrag', '690,00'],
  en: ['Northgate Builders Ltd', '4 Mill Road, Leeds LS1 4AB', 'FINAL INVOICE', 'Invoice No.', 'NB-7781', 'Date', '08/05/2024', 'Net', '1,000.00', 'VAT 20%', '200.00', 'Invoice Total', '1,200.00', 'Less deposit received 02/04/2024', '-500.00', 'Balance Due', '700.00'],
  fr: ['Menuiserie Garnier SAS', '3 rue du Moulin, 21000 Dijon', 'FACTURE DE SOLDE', 'N° facture', 'FS-2024-031', 'Date', '08/05/2024', 'Total HT', '1 000,00', 'TVA 20 %', '200,00', 'Total TTC', '1 200,00', 'Acompte versé le 02/04/2024', '-500,00', 'Net à payer', '700,00'],
};
const w = v[variant!]!;
t(w[0]!, 50, 50, 16); t(w[1]!, 50, 68);
t('Kunde / Customer / Client:', 330, 110); t('Stadtwerke Nord', 330, 124);
t(w[2]!, 50, 180, 16);
t(w[3]!, 50, 210); t(w[4]!, 170, 210); t(w[5]!, 50, 224); t(w[6]!, 170, 224);
t('Pos', 50, 270); t('Leistung', 90, 270); r('Betrag', 540, 270); t('1', 50, 286); t('Dachstuhl', 90, 286); r(w[8]!, 540, 286);
r(w[7]!, 440, 330); r(w[8]!, 540, 330); r(w[9]!, 440, 344); r(w[10]!, 540, 344); r(w[11]!, 440, 358); r(w[12]!, 540, 358);
r(w[13]!, 440, 372); r(w[14]!, 540, 372); r(w[15]!, 440, 386); r(w[16]!, 540, 386);
fs.writeFileSync(out!, await pdf.save());
