import { classifyDocument, detectParties, type DocumentType } from '../../classification/index.js';
import { fold } from '../../extraction/index.js';
import type { Clock } from '../../ports/clock.port.js';
import type {
  ClassificationContext,
  ClassificationResult,
  DocumentClassifier,
} from '../../ports/document-classifier.port.js';
import { senderDomain } from '../inbound/index.js';
import type { ReadDocument } from '../../ports/document-reader.port.js';
import type { ClassificationExampleStore } from '../../ports/triage-store.port.js';

/** The classifier's types in the email spec's words: an invoice received is a vendor bill. */
const EMAIL_TYPE: Record<string, string> = {
  invoice: 'vendor_bill',
  receipt: 'receipt',
  purchase_order: 'purchase_order',
};
/**
 * Back to the extraction's types, for finding the parties. An expense report has none in the
 * spec's sense (an employee claims from the employer), nor has a type a reviewer invented.
 */
const PARTY_TYPE: Record<string, DocumentType> = {
  vendor_bill: 'invoice',
  receipt: 'receipt',
  purchase_order: 'purchase_order',
};
/**
 * Least confidence of a vendor or customer name on a document that shows no sign of any type:
 * there the top line of the page is as likely a heading as a company, so only a labelled name or
 * a company with its legal form counts.
 */
const UNTYPED_PARTY_CONFIDENCE = 0.75;

const EXPENSE_PHRASES = [
  'expense report',
  'expense claim',
  'expenses claim',
  'reimbursement',
  'spesenabrechnung',
  'note de frais',
  'reiskostendeclaratie',
];
const EXAMPLES_CONSULTED = 500;
const MAX_TOKENS = 300;
const NEIGHBOURS = 5;
const MIN_SIMILARITY = 0.3;

/**
 * What the sender's mailbox says about what it sends: `receipts@`, `"Acme Invoices" <billing@...>`,
 * `purchasing@` are how shops, suppliers and buyers name the addresses their documents come from.
 * Answers the document type's own word (a hint, weighed like the subject), or nothing.
 */
const SENDER_ROLES: [RegExp, string][] = [
  [/receipt|kassenbon|quittung|recibo/, 'receipt'],
  [/invoice|rechnung|factur/, 'invoice'],
  [/purchasing|procurement|purchase ?order|einkauf|bestellung|achats|inkoop|compras/, 'purchase order'],
];
/** Text about the sender (display name and domain words) that the classifier reads with the document. */
export function senderHint(from: string | null, headers: Record<string, string> = {}): string {
  const display = (headers.from ?? '').replace(/<[^>]*>/g, ' ');
  const at = from?.lastIndexOf('@') ?? -1;
  const mailbox = from && at > 0 ? from.slice(0, at) : '';
  const words = fold(`${display} ${mailbox.replace(/[._+-]+/g, ' ')}`);
  return SENDER_ROLES.filter(([pattern]) => pattern.test(words))
    .map(([, hint]) => hint)
    .join(' ');
}

/** Distinct folded words of the document and the subject and file name (what examples keep). */
export function contextTokens(context: ClassificationContext): string[] {
  const words = context.document?.pages.flatMap((p) => p.words.map((w) => w.text)).join(' ') ?? '';
  const all = fold(`${context.subject ?? ''} ${context.filename} ${words}`).split(' ');
  const distinct = [...new Set(all.filter((t) => t.length >= 3 && !/^\d+$/.test(t)))];
  return distinct.slice(0, MAX_TOKENS);
}

const jaccard = (a: ReadonlySet<string>, b: readonly string[]): number => {
  if (a.size === 0 || b.length === 0) return 0;
  let shared = 0;
  for (const t of b) if (a.has(t)) shared++;
  return shared / (a.size + b.length - shared);
};

/**
 * The local default: no network. The document's text and layout through `classifyDocument`
 * (keywords, titles, page shape) with the subject and file name as hints; expense reports by their
 * own phrases; then what reviewers of this organization decided before: the sender's domain and
 * the nearest earlier documents (word overlap) vote, and enough agreement outweighs the keywords.
 * The vendor and customer named on the document come from the extraction's party rules.
 */
export class LocalDocumentClassifier implements DocumentClassifier {
  constructor(private readonly deps: { examples: ClassificationExampleStore; clock: Clock }) {}

  async classify(context: ClassificationContext): Promise<ClassificationResult> {
    const base = this.fromContent(context);
    const decided = combine(base, await this.fromExamples(context));
    return { ...decided, ...parties(context.document, decided.documentType, base.keyIndicators.length > 0) };
  }

  async learn(context: ClassificationContext, documentType: string): Promise<void> {
    await this.deps.examples.add({
      org_id: context.orgId,
      environment: context.mode,
      document_type: documentType,
      sender_domain: senderDomain(context.from),
      tokens: contextTokens(context),
      created_at: this.deps.clock.now().toISOString(),
    });
  }

  private fromContent(context: ClassificationContext): ClassificationResult {
    const hintText = `${context.subject ?? ''} ${context.filename.replace(/[_.-]+/g, ' ')} ${senderHint(context.from, context.headers)}`;
    const text = ` ${fold(`${hintText} ${context.document?.pages.flatMap((p) => p.words.map((w) => w.text)).join(' ') ?? ''}`)} `;
    const expense = EXPENSE_PHRASES.filter((p) => text.includes(` ${p} `));
    if (expense.length > 0) {
      return {
        documentType: 'expense_report',
        confidence: round(Math.min(0.95, 0.7 + 0.1 * expense.length)),
        reasoning: `expense report phrases: ${expense.join(', ')}`,
        keyIndicators: expense,
      };
    }
    if (!context.document) {
      const fromHints = classifyDocument({ mimeType: 'text/plain', pages: [], attachments: [] }, { text: hintText });
      return {
        ...fromHints,
        documentType: EMAIL_TYPE[fromHints.documentType]!,
        confidence: round(Math.min(fromHints.confidence, 0.5)),
        reasoning: `the document could not be read; from the subject and file name: ${fromHints.reasoning}`,
      };
    }
    const result = classifyDocument(context.document, { text: hintText });
    return {
      documentType: EMAIL_TYPE[result.documentType]!,
      confidence: result.confidence,
      reasoning: result.reasoning,
      keyIndicators: result.keyIndicators,
    };
  }

  private async fromExamples(context: ClassificationContext): Promise<ClassificationResult | null> {
    const examples = await this.deps.examples.list(context.orgId, context.mode, EXAMPLES_CONSULTED);
    if (examples.length === 0) return null;
    const votes = new Map<string, number>();
    const add = (type: string, weight: number) => votes.set(type, (votes.get(type) ?? 0) + weight);
    const domain = senderDomain(context.from);
    let domainVotes = 0;
    if (domain) {
      for (const e of examples) {
        if (e.sender_domain === domain) {
          add(e.document_type, 0.5);
          domainVotes++;
        }
      }
    }
    const tokens = new Set(contextTokens(context));
    const near = examples
      .map((e) => ({ e, similarity: jaccard(tokens, e.tokens) }))
      .filter((n) => n.similarity >= MIN_SIMILARITY)
      .sort((a, b) => b.similarity - a.similarity)
      .slice(0, NEIGHBOURS);
    for (const n of near) add(n.e.document_type, n.similarity);
    const total = [...votes.values()].reduce((a, b) => a + b, 0);
    if (total === 0) return null;
    const [type, score] = [...votes.entries()].sort((a, b) => b[1] - a[1])[0]!;
    const share = score / total;
    const strength = Math.min(1, total / 1.5);
    const indicators = [
      ...(domainVotes > 0
        ? [`sender domain ${domain} (${domainVotes} earlier decision${domainVotes === 1 ? '' : 's'})`]
        : []),
      ...(near.length > 0
        ? [
            `similar to ${near.length} reviewed document${near.length === 1 ? '' : 's'} (best overlap ${near[0]!.similarity.toFixed(2)})`,
          ]
        : []),
    ];
    return {
      documentType: type,
      confidence: round(Math.min(0.99, share * (0.6 + 0.39 * strength))),
      reasoning: `learned from this organization's review decisions: ${indicators.join(', ')}`,
      keyIndicators: indicators,
    };
  }
}

/** The content's answer, and what this organization's reviewers taught, as one answer. */
function combine(base: ClassificationResult, learned: ClassificationResult | null): ClassificationResult {
  if (!learned) return base;
  if (learned.documentType === base.documentType) {
    return {
      ...base,
      confidence: round(Math.max(base.confidence, learned.confidence)),
      reasoning: `${base.reasoning}; ${learned.reasoning}`,
      keyIndicators: [...base.keyIndicators, ...learned.keyIndicators],
    };
  }
  return learned.confidence > base.confidence
    ? {
        ...learned,
        reasoning: `${learned.reasoning}; the content alone said ${base.documentType} (${base.confidence})`,
      }
    : base;
}

/**
 * detectedVendor and detectedCustomer for the type decided (which side sells depends on it: a
 * purchase order's issuer is the customer), left out when the document does not name them.
 */
function parties(
  doc: ReadDocument | null,
  documentType: string,
  typed: boolean,
): Pick<ClassificationResult, 'detectedVendor' | 'detectedCustomer'> {
  const type = PARTY_TYPE[documentType];
  if (!doc || !type) return {};
  const found = detectParties(doc, type, typed ? {} : { minConfidence: UNTYPED_PARTY_CONFIDENCE });
  return {
    ...(found.vendor ? { detectedVendor: found.vendor } : {}),
    ...(found.customer ? { detectedCustomer: found.customer } : {}),
  };
}

const round = (n: number): number => Math.round(n * 100) / 100;
