import fs from 'node:fs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
const [out, variant] = process.argv.slice(2);
const pdf = await PDFDocument.create();
const page = pdf.addPage([595, 842]);
const font = await pdf.embedFont(StandardFonts.Helvetica);
const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
const t = (text: string, x: number, y: number, size = 9, b = false) => page.drawText(text, { x, y: 842 - y, size, font: b ? bold : font });
const r = (text: string, x: number, y: number, size = 9) => t(text, x - font.widthOfTextAtSize(text, size), y, size);
if (variant === 'en') {
  t('Riverside Medical Center', 50, 50, 15, true); t('1200 River Parkway', 50, 66); t('Sacramento, CA 95814', 50, 77);
  t('PURCHASE ORDER', 380, 50, 15, true);
  t('P.O. #', 380, 72); t('RMC-PO-55210', 460, 72); t('Date', 380, 84); t('09/18/2024', 460, 84); t('Requisition', 380, 96); t('RQ-7731', 460, 96);
  t('VENDOR', 50, 130, 9, true); t('Pacific Surgical Supply Inc.', 50, 143); t('88 Harbor Blvd', 50, 154); t('Oakland, CA 94607', 50, 165);
  t('SHIP TO', 320, 130, 9, true); t('Riverside Medical Center', 320, 143); t('Receiving Dock B', 320, 154); t('1200 River Parkway', 320, 165);
  t('SHIP VIA', 50, 200, 8, true); t('F.O.B.', 170, 200, 8, true); t('SHIPPING TERMS', 290, 200, 8, true); t('REQUIRED BY', 430, 200, 8, true);
  t('FedEx Ground', 50, 212); t('Destination', 170, 212); t('Net 30', 290, 212); t('10/01/2024', 430, 212);
  t('ITEM #', 50, 250, 8, true); t('DESCRIPTION', 120, 250, 8, true); r('QTY', 370, 250); r('UNIT PRICE', 450, 250); r('TOTAL', 540, 250);
  t('PS-1101', 50, 264); t('Nitrile gloves, box of 100', 120, 264); r('40', 370, 264); r('11.25', 450, 264); r('450.00', 540, 264);
  t('PS-2040', 50, 277); t('Surgical masks, box of 50', 120, 277); r('25', 370, 277); r('8.80', 450, 277); r('220.00', 540, 277);
  r('SUBTOTAL', 450, 320); r('670.00', 540, 320); r('TAX', 450, 332); r('58.63', 540, 332); r('SHIPPING', 450, 344); r('25.00', 540, 344); r('TOTAL', 450, 358); r('$753.63', 540, 358);
  t('Authorized by: Linda Chavez, Purchasing Manager', 50, 420);
} else {
  t('Stadtwerke Lindau GmbH', 50, 50, 15, true); t('Einkauf', 50, 66); t('Seestraße 20, 88131 Lindau', 50, 77);
  t('Lieferant:', 50, 120, 9, true); t('Kabelwerk Süd AG', 50, 132); t('Industriestr. 4', 50, 143); t('89079 Ulm', 50, 154);
  t('Bestellung', 50, 200, 15, true);
  t('Bestell-Nr.:', 330, 120); t('4500128833', 430, 120); t('Bestelldatum:', 330, 132); t('04.09.2024', 430, 132); t('Lieferantennr.:', 330, 144); t('70114', 430, 144); t('Liefertermin:', 330, 156); t('KW 40/2024', 430, 156);
  t('Pos.', 50, 240, 8, true); t('Material', 80, 240, 8, true); t('Kurztext', 150, 240, 8, true); r('Menge', 370, 240); r('Preis/EH', 450, 240); r('Wert', 540, 240);
  t('10', 50, 254); t('300482', 80, 254); t('NYY-J 5x16 mm²', 150, 254); r('500 m', 370, 254); r('12,40', 450, 254); r('6.200,00', 540, 254);
  r('Gesamtnettowert', 450, 300); r('6.200,00 EUR', 540, 300);
  t('Bitte geben Sie auf allen Lieferpapieren unsere Bestellnummer an.', 50, 340);
}
fs.writeFileSync(out!, await pdf.save());
