import { type EmailIngestionConfig, compileSubjectPattern } from '../prefixes/index.js';
import type { JobRouting, RoutingDecision } from '../../jobs/index.js';

// The job record owns the shape of the decision; routing's consumers (erp/) may name it here.
export type { RoutingDecision } from '../../jobs/index.js';

export type RoutingRule = EmailIngestionConfig['routingRules'][number];
export type RoutingAction = RoutingRule['action'];

export interface RoutingFacts {
  senderDomain: string | null;
  subject: string | null;
  /** The message's sender authentication verdict; null (or absent) when none was computed. */
  senderAuthenticated?: boolean | null;
  /** Undefined before extraction (amount rules cannot be decided yet); null when extraction found none. */
  amount?: number | null;
}

const AMOUNT_FIELDS = ['total_amount', 'total', 'amount_due', 'grand_total', 'amount'];

/** The document's total from extracted data: the first of the usual total fields that is a number. */
export function extractedAmount(data: Record<string, unknown> | null): number | null {
  if (!data) return null;
  for (const field of AMOUNT_FIELDS) {
    const value = data[field];
    const n =
      typeof value === 'number'
        ? value
        : typeof value === 'string'
          ? Number(value.replace(/[^\d.-]/g, ''))
          : typeof value === 'object' && value !== null
            ? Number((value as { amount?: unknown }).amount)
            : NaN;
    if (Number.isFinite(n)) return n;
  }
  return null;
}

/** Whether a condition holds: true, false, or undefined when it needs the amount and that is not known yet. */
function holds(condition: RoutingRule['condition'], facts: RoutingFacts): boolean | undefined {
  switch (condition.type) {
    case 'sender_domain': {
      const wanted = condition.value.toLowerCase();
      return (
        facts.senderDomain !== null && (facts.senderDomain === wanted || facts.senderDomain.endsWith(`.${wanted}`))
      );
    }
    case 'subject_matches':
      return compileSubjectPattern(condition.pattern).test(facts.subject ?? '');
    case 'sender_authenticated':
      // Without verdicts the condition holds for neither value: an unchecked sender is not known either way.
      return facts.senderAuthenticated !== null && facts.senderAuthenticated !== undefined
        ? facts.senderAuthenticated === condition.value
        : false;
    case 'extracted_amount': {
      if (facts.amount === undefined) return undefined;
      if (facts.amount === null) return false;
      const a = facts.amount;
      const v = condition.value;
      return condition.operator === 'greater_than'
        ? a > v
        : condition.operator === 'greater_than_or_equal'
          ? a >= v
          : condition.operator === 'less_than'
            ? a < v
            : condition.operator === 'less_than_or_equal'
              ? a <= v
              : a === v;
    }
  }
}

const decision = (
  rules: readonly RoutingRule[],
  index: number | null,
  facts: RoutingFacts,
  decidedAt: RoutingDecision['decidedAt'],
): RoutingDecision => {
  const rule = index === null ? null : rules[index]!;
  const action: RoutingAction = rule?.action ?? {};
  return {
    rule: index,
    condition: rule?.condition ?? null,
    assignTo: action.assignTo ?? null,
    priority: action.priority ?? null,
    erpSubsidiary: action.erpSubsidiary ?? null,
    documentType: action.documentType ?? null,
    autoApprove: action.autoApprove ?? false,
    requiresApproval: action.requiresApproval ?? false,
    approvers: action.approvers ?? [],
    amount: facts.amount ?? null,
    decidedAt,
  };
};

/**
 * On arrival: the first rule (in order) whose sender or subject condition holds. Amount rules cannot
 * be decided yet and are passed over; after extraction `routeAfterExtraction` decides again in order
 * with the amount known, and an amount rule before this one can still win.
 */
export function routeOnArrival(rules: readonly RoutingRule[], facts: Omit<RoutingFacts, 'amount'>): RoutingDecision {
  const index = rules.findIndex((r) => holds(r.condition, facts) === true);
  return decision(rules, index === -1 ? null : index, facts, 'arrival');
}

/** After extraction: rules in order, first match wins, the amount known. */
export function routeAfterExtraction(routing: JobRouting, extracted: Record<string, unknown> | null): RoutingDecision {
  const facts: RoutingFacts = { ...routing.facts, amount: extractedAmount(extracted) };
  const index = routing.rules.findIndex((r) => holds(r.condition, facts) === true);
  return decision(routing.rules, index === -1 ? null : index, facts, 'extraction');
}

/** The routing a job keeps: rules only when the decision may still change after extraction. */
export function jobRouting(rules: readonly RoutingRule[], facts: Omit<RoutingFacts, 'amount'>): JobRouting {
  const hasAmountRules = rules.some((r) => r.condition.type === 'extracted_amount');
  return {
    decision: routeOnArrival(rules, facts),
    rules: hasAmountRules ? [...rules] : [],
    facts: {
      senderDomain: facts.senderDomain,
      subject: facts.subject,
      ...(facts.senderAuthenticated !== undefined ? { senderAuthenticated: facts.senderAuthenticated } : {}),
    },
  };
}
