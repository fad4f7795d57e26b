/**
 * Printed labels of the spec's recommended fields, in English, German, French, Dutch and Spanish,
 * written folded (see fold.ts: lower case, no accents, punctuation as spaces; "Nº" folds to "no",
 * "n°" to "n"). `labels` name the field outright; `weak` ones ("Date", "Nr.") only when nothing
 * better is on the page. Longer labels win over shorter ones they contain, so "due date" is never
 * read as the generic "date".
 */

export const ROLES = [
  'invoice_number', 'po_number', 'invoice_date', 'order_date', 'transaction_date', 'due_date', 'delivery_date',
  'vendor_name', 'vendor_address', 'buyer_name', 'subtotal', 'tax_amount', 'total_amount', 'payment_method',
  'rounding', 'paid_amount', 'change', 'other',
] as const;
export type Role = (typeof ROLES)[number];

export interface RoleLabels {
  labels: string[];
  weak?: string[];
}

/**
 * Labels of things that are no recommended field but look like one ("GST Reg No" is no tax
 * amount, "Kundennummer" no invoice number): found so that they take their words away from the
 * shorter labels they contain.
 */
const OTHER_LABELS = [
  'gst reg no', 'gst no', 'gst id', 'gst id no', 'gst reg', 'gst summary', 'vat no', 'vat id', 'vat reg no', 'vat number', 'vat reg', 'vat registration',
  'tax id', 'tax no', 'tax number', 'tax reg no', 'tax rate', 'vat rate', 'tax invoice', 'tax code',
  'ust idnr', 'ust id nr', 'ust id', 'ustid', 'ust identnr', 'steuernummer', 'steuernr', 'steuer nr', 'ust satz', 'mwst satz', 'ust %', 'steuersatz',
  'tva intracommunautaire', 'n tva', 'btw nr', 'btw nummer', 'btw id', 'nif', 'cif', 'company reg no', 'company no', 'reg no', 'co reg', 'roc no',
  'kvk', 'iban', 'bic', 'swift', 'account no', 'account number', 'bank account', 'customer no', 'customer number', 'customer id', 'kundennummer', 'kunden nr',
  'klantnummer', 'numero client', 'n client', 'numero de cliente', 'contract no', 'phone', 'tel', 'fax', 'telephone', 'email', 'mobile', 'website', 'www',
  'page', 'seite', 'total qty', 'total quantity', 'qty', 'quantity', 'item s', 'items', 'unit price', 'price', 'points', 'tax invoice',
  'handelsregister', 'handelsreg', 'hrb', 'hra', 'geschaftsfuhrer', 'amtsgericht', 'gln', 'tin', 'ein',
];

export const ROLE_LABELS: Record<Role, RoleLabels> = {
  invoice_number: {
    labels: [
      'invoice number', 'invoice no', 'invoice nr', 'invoice num', 'invoice id', 'inv no', 'bill no', 'bill number',
      'receipt no', 'receipt number', 'receipt nr', 'tax invoice no', 'document no', 'document number', 'doc no', 'invoice ref',
      'rechnungsnummer', 'rechnungsnr', 'rechnungs nr', 'rechnung nr', 'handelsrechnung nr', 'rechnung no', 're nr', 'belegnummer', 'beleg nr',
      'numero de facture', 'no de facture', 'n de facture', 'facture n', 'facture no', 'facture numero',
      'factuurnummer', 'factuurnr', 'factuur nr',
      'numero de factura', 'no de factura', 'n de factura', 'factura n', 'factura no', 'num factura',
      'cash bill no', 'slip no', 'receipt id', 'trans no', 'transaction no',
    ],
    weak: ['invoice', 'rechnung', 'handelsrechnung', 'facture', 'factuur', 'factura', 'bill', 'cash bill', 'receipt', 'no', 'nr', 'number', 'nummer', 'numero', 'ref', 'reference'],
  },
  po_number: {
    labels: [
      'purchase order number', 'purchase order no', 'purchase order nr', 'purchase order', 'po number', 'po no', 'po nr', 'po',
      'p o number', 'p o no', 'p o', 'order number', 'order no', 'order nr', 'order id',
      'bestellnummer', 'bestell nr', 'bestellung nr', 'bestellung', 'auftragsnummer', 'auftrags nr',
      'bon de commande', 'bon de commande n', 'numero de commande', 'commande n', 'no de commande',
      'bestelnummer', 'inkooporder', 'inkoopordernummer', 'ordernummer',
      'orden de compra', 'numero de pedido', 'pedido n', 'no de pedido', 'orden de compra n',
    ],
    weak: ['no', 'nr', 'number', 'numero'],
  },
  invoice_date: {
    labels: [
      'invoice date', 'date of invoice', 'date of issue', 'issue date', 'issued on', 'issued at', 'billing date', 'invoice dt', 'dated',
      'rechnungsdatum', 'datum der rechnung', 'belegdatum', 'ausstellungsdatum', 'rechnungsdatum leistungsdatum',
      'date de facture', 'date de facturation', 'date d emission', 'date facture',
      'factuurdatum', 'datum factuur',
      'fecha de factura', 'fecha factura', 'fecha de emision', 'fecha emision',
    ],
    weak: ['date', 'datum', 'fecha', 'vom', 'du', 'le'],
  },
  transaction_date: {
    labels: ['transaction date', 'purchase date', 'sale date', 'date of purchase', 'kaufdatum', 'date de transaction', 'date d achat', 'aankoopdatum', 'fecha de compra', 'date time', 'date'],
    weak: ['datum', 'fecha', 'dt'],
  },
  order_date: {
    labels: ['order date', 'po date', 'date of order', 'date ordered', 'dated as', 'bestelldatum', 'auftragsdatum', 'date de commande', 'besteldatum', 'orderdatum', 'fecha de pedido', 'fecha del pedido', 'fecha de orden'],
    weak: ['date', 'datum', 'fecha', 'dated'],
  },
  due_date: {
    labels: [
      'due date', 'payment due', 'payment due date', 'due by', 'due on', 'pay by', 'payable by', 'payable until', 'remit until', 'remit by', 'payment deadline',
      'falligkeit', 'falligkeitsdatum', 'fallig am', 'fallig bis', 'zahlbar bis', 'zahlbar', 'zahlungsziel', 'uberweisen sie bis', 'zahlungsfrist',
      'date d echeance', 'echeance', 'a payer avant', 'date limite de paiement', 'payable avant',
      'vervaldatum', 'vervaldag', 'uiterste betaaldatum', 'te betalen voor', 'betalen voor',
      'fecha de vencimiento', 'vencimiento', 'fecha limite de pago', 'pagar antes de',
    ],
  },
  delivery_date: {
    labels: [
      'delivery date', 'date of delivery', 'ship date', 'shipping date', 'delivery by', 'deliver by', 'date of supply', 'service date',
      'lieferdatum', 'leistungsdatum', 'liefertermin', 'lieferzeitpunkt', 'liefer leistungszeitraum',
      'date de livraison', 'livraison', 'leverdatum', 'leveringsdatum', 'fecha de entrega', 'entrega',
    ],
  },
  vendor_name: {
    labels: [
      'vendor', 'supplier', 'seller', 'bill from', 'issued by', 'sold by', 'merchant', 'payee', 'vendor name', 'supplier name',
      'lieferant', 'verkaufer', 'rechnungsersteller', 'absender', 'leistungserbringer', 'auftragnehmer', 'rechnungssteller',
      'fournisseur', 'vendeur', 'emetteur', 'leverancier', 'verkoper', 'proveedor', 'vendedor', 'emisor',
      'shipped from', 'ship from',
    ],
    weak: ['from', 'company', 'von', 'de', 'van'],
  },
  vendor_address: { labels: ['address', 'adresse', 'adres', 'direccion', 'anschrift'] },
  buyer_name: {
    labels: [
      'bill to', 'billed to', 'buyer', 'customer', 'sold to', 'invoice to', 'ship to', 'shipped to', 'deliver to', 'client', 'recipient', 'purchaser',
      'kunde', 'kaufer', 'rechnungsempfanger', 'leistungsempfanger', 'auftraggeber', 'empfanger', 'warenempfanger', 'lieferanschrift', 'kunden',
      'acheteur', 'facture a', 'destinataire', 'klant', 'koper', 'afnemer', 'factuuradres', 'cliente', 'comprador', 'facturar a',
    ],
  },
  subtotal: {
    labels: [
      'subtotal', 'sub total', 'net total', 'net amount', 'total net', 'total excl', 'total excluding', 'total exclusive', 'total before tax',
      'amount before tax', 'taxable amount', 'total excl tax', 'total excl vat', 'total excluding gst', 'total excl gst', 'total exclusive of gst',
      'zwischensumme', 'nettobetrag', 'summe netto', 'nettosumme', 'gesamt netto', 'netto', 'rechnungssumme netto', 'warenwert', 'rechnungssumme ohne ust',
      'summe ohne ust', 'netto summe', 'gesamtsumme netto', 'nettowert',
      'sous total', 'total ht', 'montant ht', 'total hors taxes', 'montant hors taxes',
      'subtotaal', 'totaal excl btw', 'exclusief btw', 'excl btw', 'netto bedrag', 'totaal exclusief btw',
      'base imponible', 'total sin iva', 'importe neto', 'suma',
    ],
  },
  tax_amount: {
    labels: [
      'tax', 'tax amount', 'vat', 'vat amount', 'vat total', 'total vat', 'sales tax', 'gst', 'gst payable', 'total tax', 'total gst', 'tax total',
      'mwst', 'ust', 'umsatzsteuer', 'mehrwertsteuer', 'summe umsatzsteuer', 'steuerbetrag', 'mwst betrag', 'ust betrag', 'summe mwst', 'zzgl ust', 'zuzugl ust',
      'tva', 'montant tva', 'total tva', 'btw', 'btw bedrag', 'totaal btw', 'iva', 'importe iva', 'cuota iva', 'total iva', 'impuestos',
    ],
  },
  total_amount: {
    labels: [
      'total', 'grand total', 'total amount', 'amount due', 'balance due', 'total due', 'invoice total', 'total payable', 'amount payable',
      'total incl', 'total inclusive', 'total including', 'total incl gst', 'total inclusive of gst', 'total incl tax', 'total incl vat', 'total to pay',
      'due payable', 'nett total', 'total amt', 'total amount rm', 'total sales', 'total rm', 'po total', 'order total', 'total amt rounded',
      'rounded total', 'total rounded', 'net amount due', 'net payable',
      'gesamtbetrag', 'gesamtsumme', 'endbetrag', 'rechnungsbetrag', 'rechnungssumme', 'rechnungssumme brutto', 'bruttobetrag', 'brutto', 'bruttosumme',
      'summe inkl ust', 'summe brutto', 'zu zahlen', 'gesamt', 'summe', 'endsumme', 'gesamtbetrag brutto', 'rechnungsendbetrag',
      'total ttc', 'montant ttc', 'net a payer', 'total a payer', 'montant total', 'montant du',
      'totaal', 'totaal incl btw', 'te betalen', 'totaalbedrag', 'factuurbedrag', 'totaal inclusief btw',
      'importe total', 'total a pagar', 'total factura', 'total con iva',
    ],
  },
  payment_method: {
    labels: ['payment method', 'payment type', 'paid by', 'payment mode', 'tender', 'zahlungsart', 'zahlweise', 'mode de paiement', 'moyen de paiement', 'betaalmethode', 'betaalwijze', 'forma de pago', 'metodo de pago'],
  },
  other: {
    labels: OTHER_LABELS,
    // Qualifiers inside other labels ("Summe netto (exkl. USt.)"): taken so that their tax word
    // is no tax label, but too weak to end the region of the label before them.
    weak: ['exkl ust', 'inkl ust', 'exkl mwst', 'inkl mwst', 'excl vat', 'incl vat', 'excl tax', 'incl tax', 'excl gst', 'incl gst', 'excl btw', 'incl btw', 'ohne ust', 'ohne mwst', 'hors taxes', 'ht', 'ttc', 'inclusive of gst', 'excluding gst', 'exclusive of gst', 'including gst', 'exclusive gst', 'inclusive gst', 'inclusive vat', 'exclusive vat', 'inclusive tax', 'exclusive tax', 'excluding tax', 'including tax', 'excluding vat', 'including vat', 'incl of gst', 'excl of gst', 'inkl', 'exkl', 'incl', 'excl'],
  },
  change: { labels: ['change', 'change due', 'cash change', 'kembalian', 'baki', 'wechselgeld', 'ruckgeld', 'rendu', 'monnaie rendue', 'wisselgeld', 'cambio', 'vuelto'] },
  rounding: { labels: ['rounding', 'rounding adj', 'rounding adjustment', 'round adj', 'adj', 'rundung', 'arrondi', 'afronding', 'redondeo'] },
  paid_amount: {
    labels: [
      'cash', 'paid', 'tendered', 'cash tendered', 'amount received', 'received', 'amount paid', 'amount tendered', 'already paid', 'prepaid', 'deposit', 'visa', 'mastercard', 'card',
      'bereits bezahlt', 'erhaltene anzahlungen', 'anzahlung', 'gezahlt', 'offener betrag', 'restbetrag', 'zahlbetrag', 'deja paye', 'acompte', 'reste a payer',
      'betaald', 'reeds betaald', 'aanbetaling', 'pagado', 'anticipo', 'amount paid rm', 'tunai', 'bayar',
    ],
  },
};

/** Words naming a payment method on a receipt or invoice, folded. */
export const PAYMENT_METHODS = [
  'cash', 'visa', 'mastercard', 'master card', 'amex', 'american express', 'credit card', 'debit card', 'card', 'maestro', 'paypal', 'ideal',
  'bank transfer', 'wire transfer', 'sepa', 'direct debit', 'lastschrift', 'uberweisung', 'bar', 'ec karte', 'girocard', 'cheque', 'check',
  'virement', 'especes', 'carte bancaire', 'contant', 'pin', 'efectivo', 'tarjeta', 'transferencia', 'touch n go', 'grabpay', 'boost',
];
