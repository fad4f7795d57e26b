import fs from 'node:fs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import fontkit from '@pdf-lib/fontkit';
const [out, lang] = process.argv.slice(2);
const L: Record<string, string[]> = {
  it: ['Tipografia Rossi S.r.l.', 'Via Roma 12', '20121 Milano', 'Spett.le', 'Bar Centrale di Bianchi', 'Piazza Duomo 1', '50122 Firenze', 'FATTURA N. 2024/118', 'Data: 15/04/2024', 'Descrizione', 'Importo', 'Biglietti da visita', '250,00', 'Imponibile', '250,00', 'IVA 22%', '55,00', 'Totale fattura', '305,00', 'Pagamento: bonifico bancario a 30 gg'],
  pt: ['Gráfica Lusa, Lda.', 'Rua Augusta 120', '1100-053 Lisboa', 'Exmo(s). Sr(s).', 'Café Aroma Unipessoal', 'Av. da Boavista 45', '4100-130 Porto', 'FATURA N.º FT 2024/77', 'Data: 03-02-2024', 'Descrição', 'Valor', 'Cartões de visita', '180,00', 'Total ilíquido', '180,00', 'IVA 23%', '41,40', 'Total a pagar', '221,40', 'Vencimento: 04-03-2024'],
  pl: ['Drukarnia Nowak Sp. z o.o.', 'ul. Długa 5', '00-238 Warszawa', 'Nabywca:', 'Kawiarnia Pod Lipą', 'ul. Floriańska 9', '31-019 Kraków', 'FAKTURA VAT nr 118/04/2024', 'Data wystawienia: 15.04.2024', 'Nazwa', 'Wartość', 'Wizytówki', '250,00', 'Razem netto', '250,00', 'VAT 23%', '57,50', 'Do zapłaty', '307,50', 'Termin płatności: 29.04.2024'],
};
const w = L[lang!]!;
const pdf = await PDFDocument.create();
pdf.registerFontkit(fontkit);
const page = pdf.addPage([595, 842]);
const font = await pdf.embedFont(fs.readFileSync('/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf'), { subset: true });
const t = (text: string, x: number, y: number, size = 10) => page.drawText(text, { x, y: 842 - y, size, font });
t(w[0]!, 50, 50, 16); t(w[1]!, 50, 68); t(w[2]!, 50, 80);
t(w[3]!, 330, 120); t(w[4]!, 330, 134); t(w[5]!, 330, 148); t(w[6]!, 330, 162);
t(w[7]!, 50, 210, 14); t(w[8]!, 50, 230);
t(w[9]!, 50, 280); t(w[10]!, 460, 280); t(w[11]!, 50, 296); t(w[12]!, 460, 296);
t(w[13]!, 350, 340); t(w[14]!, 460, 340); t(w[15]!, 350, 354); t(w[16]!, 460, 354); t(w[17]!, 350, 368); t(w[18]!, 460, 368);
t(w[19]!, 50, 420);
fs.writeFileSync(out!, await pdf.save());
