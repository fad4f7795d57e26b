/**
 * The routing an email job keeps: the decision so far and what the decision after extraction
 * needs. The job record owns the shape; `routing/` decides it (on arrival and after extraction)
 * and imports it from here, so the queue imports nothing of routing. A kept rule is a prefix's
 * routing rule as configured (`routingRules`); `routing/routing.ts` hands configured rules in and
 * reads kept ones back, so the compiler holds the two shapes equal both ways.
 */

/** A routing rule as a job keeps it (the prefix's `routingRules` entry when the message arrived). */
export interface KeptRoutingRule {
  condition:
    | { type: 'sender_domain'; value: string }
    | { type: 'subject_matches'; pattern: string }
    | { type: 'sender_authenticated'; value: boolean }
    | {
        type: 'extracted_amount';
        operator: 'greater_than' | 'greater_than_or_equal' | 'less_than' | 'less_than_or_equal' | 'equals';
        value: number;
      };
  action: {
    assignTo?: string;
    priority?: 'low' | 'normal' | 'high' | 'critical';
    erpSubsidiary?: string;
    documentType?: string;
    autoApprove?: boolean;
    requiresApproval?: boolean;
    approvers?: string[];
  };
}

/** What routing decided, as the job resource shows it (`routing`). */
export interface RoutingDecision {
  /** Position of the winning rule in routingRules (from 0); null when none matched. */
  rule: number | null;
  /** The winning rule's condition, for the record. */
  condition: KeptRoutingRule['condition'] | null;
  assignTo: string | null;
  priority: string | null;
  erpSubsidiary: string | null;
  documentType: string | null;
  autoApprove: boolean;
  requiresApproval: boolean;
  approvers: string[];
  /** The document's total as the amount rules saw it (after extraction); null before or without one. */
  amount: number | null;
  /** `arrival` (sender and subject known) or `extraction` (amount known too). */
  decidedAt: 'arrival' | 'extraction';
}

/** Routing kept on a job: the decision so far, and what the final decision after extraction needs. */
export interface JobRouting {
  decision: RoutingDecision;
  /** The prefix's rules as they were on arrival; kept only when some rule looks at the amount. */
  rules: KeptRoutingRule[];
  facts: { senderDomain: string | null; subject: string | null; senderAuthenticated?: boolean | null };
}
