import type { EmailIngestionConfig } from '../prefixes/index.js';
import type { RoutingDecision } from '../../jobs/index.js';
import type { ClassificationResult } from '../../ports/document-classifier.port.js';
import type { UnitDecision } from './pipeline-state.js';

/** What decides a document's type before the classifier is asked. */
export interface ClassifyFacts {
  /** The sender's domain (lowercase), null when there is no sender. */
  domain: string | null;
  subject: string | null;
  routing: RoutingDecision | null;
  /** The message's sender authentication verdict; null when none was computed. */
  senderAuthenticated: boolean | null;
}

const certain = (
  documentType: string,
  source: UnitDecision['source'],
  why: string,
  indicators = [why],
): UnitDecision => ({
  documentType,
  source,
  decision: 'process',
  result: { documentType, confidence: 1, reasoning: why, keyIndicators: indicators },
});

/**
 * The type when no classifier is needed: an override that matches (confidence 1), else a routing
 * rule that sets the type, else defaultDocumentType when autoClassify is off; null when the
 * classifier decides.
 */
export function decideWithoutClassifier(config: EmailIngestionConfig, facts: ClassifyFacts): UnitDecision | null {
  const { domain, routing } = facts;
  const subject = (facts.subject ?? '').toLowerCase();
  for (const override of config.classificationOverrides) {
    const {
      senderDomain: wantedDomain,
      subjectContains,
      senderAuthenticated: wantedAuthenticated,
    } = override.condition as {
      senderDomain?: string;
      subjectContains?: string;
      senderAuthenticated?: boolean;
    };
    const matches =
      (wantedDomain !== undefined &&
        domain !== null &&
        (domain === wantedDomain.toLowerCase() || domain.endsWith(`.${wantedDomain.toLowerCase()}`))) ||
      (subjectContains !== undefined && subject.includes(subjectContains.toLowerCase())) ||
      (wantedAuthenticated !== undefined &&
        facts.senderAuthenticated !== null &&
        facts.senderAuthenticated === wantedAuthenticated);
    if (matches) {
      const why =
        wantedDomain !== undefined
          ? `sender domain ${domain} matches the override ${wantedDomain}`
          : subjectContains !== undefined
            ? `the subject contains "${subjectContains}"`
            : `the sender is ${wantedAuthenticated ? '' : 'not '}authenticated`;
      return certain(override.documentType, 'override', why);
    }
  }
  if (routing?.documentType && routing.rule !== null) {
    const why = `routing rule ${routing.rule} (${routing.condition?.type}) sets the document type`;
    return certain(routing.documentType, 'routing', why);
  }
  if (!config.autoClassify)
    return certain(config.defaultDocumentType, 'default', "autoClassify is off: the prefix's defaultDocumentType", []);
  return null;
}

/** What the prefix's confidence thresholds make of the classifier's answer. */
export function thresholdDecision(config: EmailIngestionConfig, result: ClassificationResult): UnitDecision {
  const { autoProcess, reviewFlag, humanReview } = config.confidenceThresholds;
  if (result.confidence >= autoProcess)
    return { documentType: result.documentType, source: 'classifier', decision: 'process', result };
  if (result.confidence >= reviewFlag)
    return { documentType: result.documentType, source: 'classifier', decision: 'process_flagged', result };
  if (result.confidence >= humanReview)
    return { documentType: result.documentType, source: 'classifier', decision: 'review', result };
  return { documentType: config.defaultDocumentType, source: 'default', decision: 'review_failed', result };
}
