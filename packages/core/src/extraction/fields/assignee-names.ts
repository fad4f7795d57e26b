import table from '../lexicons/assignment-words.json' with { type: 'json' };
import { fold } from '../layout/fold.js';
import type { Line } from '../layout/lines.js';
import type { Candidate } from './candidates.js';
import { allWords, alternation } from '../lexicons/word-lists.js';

/**
 * A seller that has sold or pledged its claims (factoring, a parent company's cash pool) says so in
 * a sentence: "This invoice has been assigned to X", "Wir haben unsere Forderungen an die X
 * abgetreten", "Nos créances ont été cédées à X", "Il credito è stato ceduto a X", "Este crédito
 * ha sido cedido a X", "Onze vorderingen zijn gecedeerd aan X". X is the payee the buyer pays,
 * often printed in a payee box at the top of the page, never the seller that issued the invoice.
 * The phrases are data, per language, in lexicons/assignment-words.json (folded): those the
 * assignee follows, and those it comes before (German and Dutch put the verb last).
 */

const BEFORE_ASSIGNEE = new RegExp(`\\b${alternation(allWords(table.before_assignee))}\\b`, 'g');
const AFTER_ASSIGNEE = new RegExp(`\\b${alternation(allWords(table.after_assignee))}\\b`, 'g');
const ARTICLES: ReadonlySet<string> = new Set(allWords(table.articles));

/**
 * The seller's candidates without the companies a sentence says the claim was assigned to: such a
 * company is the payee, however its payee box heads the page; the sentence itself is no name.
 */
export function withoutAssignees(lines: readonly Line[], candidates: Candidate[]): Candidate[] {
  const sentences = assignmentSentences(lines);
  if (sentences.length === 0) return candidates;
  return candidates.filter((c) => !isAssignmentSentence(String(c.value)) && !namesAssignee(sentences, String(c.value)));
}

/** Whether a text holds a phrase by which a claim is assigned: it is such a sentence, no name. */
function isAssignmentSentence(text: string): boolean {
  const folded = fold(text);
  return [...folded.matchAll(BEFORE_ASSIGNEE), ...folded.matchAll(AFTER_ASSIGNEE)].length > 0;
}

/**
 * The folded sentences of the document that assign its claim, each with the line after it: a
 * long sentence wraps the assignee's name onto the next line.
 */
export function assignmentSentences(lines: readonly Line[]): string[] {
  return lines.flatMap((line, i) => {
    if (!isAssignmentSentence(line.text)) return [];
    const next = lines[i + 1];
    return [fold(next && next.page === line.page ? `${line.text} ${next.text}` : line.text)];
  });
}

/** Whether one of the assignment sentences names the company as the one the claim went to. */
export function namesAssignee(sentences: readonly string[], name: string): boolean {
  const folded = fold(name);
  if (!folded) return false;
  return sentences.some(
    (sentence) =>
      [...sentence.matchAll(BEFORE_ASSIGNEE)].some((m) =>
        startsWithName(withoutArticle(sentence.slice(m.index + m[0].length)), folded),
      ) || [...sentence.matchAll(AFTER_ASSIGNEE)].some((m) => endsWithName(sentence.slice(0, m.index), folded)),
  );
}

function withoutArticle(text: string): string {
  const words = text.trim().split(' ');
  return (ARTICLES.has(words[0]!) ? words.slice(1) : words).join(' ');
}

const startsWithName = (text: string, name: string) => text === name || text.startsWith(`${name} `);

const endsWithName = (text: string, name: string) => {
  const head = text.trim();
  return head === name || head.endsWith(` ${name}`);
};
