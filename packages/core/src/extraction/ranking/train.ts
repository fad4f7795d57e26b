import type { FieldDefinition } from '../../extractors/index.js';
import type { ReadDocument } from '../../ports/document-reader.port.js';
import { amountsEqual, foldText } from '../evaluation/score.js';
import { extractFields } from '../extract-fields.js';
import { roleOf } from '../labels/roles.js';
import { trainLogistic, type TrainOptions } from './logistic.js';
import {
  confidenceRow,
  createRecorder,
  FAMILIES,
  scoreList,
  type Family,
  type RankedList,
  type RankerModel,
} from './ranker.js';
import { FEATURE_NAMES } from './features.js';

/**
 * Training data for the ranker: a labelled document is extracted with a recorder in place of the
 * ranker, and every candidate list the rules produced is labelled by whether each candidate equals
 * the expected value of its field. Lists of fields the document has no expected value for are left
 * out (absent means unknown, not wrong).
 */

export interface LabelledList extends RankedList {
  correct: boolean[];
}

/** The ranked candidate lists of one document, each labelled with the candidate that was right. */
export function collectExamples(
  doc: ReadDocument,
  fields: readonly FieldDefinition[],
  expected: Record<string, unknown>,
  documentType: string,
): LabelledList[] {
  const recorder = createRecorder();
  extractFields(doc, [...fields], { documentType, useEmbeddedXml: false, ranker: recorder });
  const labelled: LabelledList[] = [];
  for (const list of recorder.lists) {
    const field = fields.find((f) => roleOf(f) === list.role);
    const want = field ? expected[field.name] : undefined;
    if (want === undefined || want === null) continue;
    labelled.push({ ...list, correct: list.candidates.map((c) => sameValue(want, c.value)) });
  }
  return labelled;
}

/** Fits ranker weights to labelled candidate lists (what `npm run train:extraction` ships). */
export function trainRanker(lists: readonly LabelledList[], options: TrainOptions = {}): RankerModel {
  const families: RankerModel['families'] = {};
  for (const family of Object.keys(FAMILIES) as Family[]) {
    const own = lists.filter((l) => l.family === family);
    const rows = own.flatMap((l) => l.rows);
    const labels = own.flatMap((l) => l.correct.map((c) => (c ? 1 : 0)));
    // A family needs right and wrong examples both, or there is nothing to learn.
    if (!labels.includes(1) || !labels.includes(0)) continue;
    const rank = trainLogistic(rows, labels, options);
    const confidence = trainLogistic(
      own.flatMap((l) => {
        const scores = scoreList(rank, l.rows);
        return scores.map((_, i) => confidenceRow(scores, i));
      }),
      labels,
      options,
    );
    families[family] = { rank, confidence };
  }
  return { version: 1, features: [...FEATURE_NAMES], families };
}

function sameValue(want: unknown, got: unknown): boolean {
  if (typeof want === 'number') return amountsEqual(want, typeof got === 'number' ? got : Number(got));
  return foldText(String(want)) === foldText(String(got));
}
