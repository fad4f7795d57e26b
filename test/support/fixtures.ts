import { PDFDocument, StandardFonts } from 'pdf-lib';

export interface InvoiceFixture {
  number?: string;
  date?: string;
  vendor?: string;
  total?: string;
  /** Extra pages after the first, each with a line of text. */
  extraPages?: number;
  /** Makes otherwise identical invoices differ in bytes. */
  salt?: string;
}

/** A real text-layer invoice PDF, made here so tests own their fixtures. */
export async function makeInvoicePdf(f: InvoiceFixture = {}): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setCreationDate(new Date('2026-01-01T00:00:00Z'));
  pdf.setModificationDate(new Date('2026-01-01T00:00:00Z'));
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([595, 842]);
  const line = (text: string, x: number, y: number, size = 11, f2 = font) =>
    page.drawText(text, { x, y, size, font: f2 });
  line(f.vendor ?? 'Northwind Traders Ltd', 50, 780, 16, bold);
  line('12 Harbour Road, Leeds LS1 4AB', 50, 762);
  line('INVOICE', 420, 780, 18, bold);
  line('Invoice No:', 380, 740);
  line(f.number ?? 'INV-2026-0042', 460, 740);
  line('Invoice Date:', 380, 724);
  line(f.date ?? '14 March 2026', 460, 724);
  line('Description', 50, 640, 11, bold);
  line('Amount', 480, 640, 11, bold);
  line('Consulting services', 50, 620);
  line('1,000.00', 480, 620);
  line('Subtotal', 380, 560);
  line('1,000.00', 480, 560);
  line('VAT 20%', 380, 544);
  line('200.00', 480, 544);
  line('Total', 380, 520, 12, bold);
  line(f.total ?? '1,200.00', 480, 520, 12, bold);
  if (f.salt) line(`Ref ${f.salt}`, 50, 60, 8);
  for (let i = 0; i < (f.extraPages ?? 0); i++) {
    pdf.addPage([595, 842]).drawText(`Terms and conditions, page ${i + 2}`, { x: 50, y: 780, size: 11, font });
  }
  return pdf.save();
}

export const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

/** The smallest valid PNG (1x1, white): a real image that is not a PDF. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGP4DwABAQEAWk1v8QAAAABJRU5ErkJggg==',
  'base64',
);

/** A valid extractor body with the spec's recommended invoice fields. */
export const invoiceExtractor = (name = 'Invoices') => ({
  name,
  document_type: 'invoice',
  field_definitions: [
    {
      name: 'invoice_number',
      type: 'text',
      required: true,
      description: 'Invoice number',
      validation: { pattern: '^[A-Z0-9-]+$', max_length: 40 },
    },
    {
      name: 'invoice_date',
      type: 'date',
      required: true,
      description: 'Date of issue',
      validation: { min_date: '2000-01-01' },
    },
    { name: 'due_date', type: 'date', required: false, description: 'Payment due date' },
    { name: 'vendor_name', type: 'text', required: true, description: 'Seller' },
    {
      name: 'vendor_email',
      type: 'email',
      required: false,
      description: 'Seller email',
      validation: { domain: '@vendor.example' },
    },
    { name: 'total_amount', type: 'currency', required: true, description: 'Grand total', validation: { min: 0 } },
    {
      name: 'line_items',
      type: 'array',
      required: false,
      description: 'Rows of the table',
      fields: [
        { name: 'description', type: 'text', required: true, description: 'What' },
        { name: 'amount', type: 'currency', required: true, description: 'Row total' },
      ],
    },
  ],
});
