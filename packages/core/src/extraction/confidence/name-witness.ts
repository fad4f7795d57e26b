import type { DocumentView } from '../document-view.js';
import { stripLegalForm } from '../evaluation/names.js';
import type { Candidate } from '../fields/candidates.js';
import { fold } from '../layout/fold.js';
import { legalFormAtEnd } from '../lexicons/legal-forms.js';

/**
 * Whether a company name is printed a second time on the page, an independent witness that the
 * name was read and cut right: its words (legal form left out) on another line ("ACME TRADING" in
 * a footer or up the margin, "Acme Tra ding" where OCR split a word), or run together in a web or
 * e-mail address there ("www.acmetrading.com").
 *
 * The other printing must be the same name, not a longer one that begins with it: a logo word
 * ("GRANITE") over a footer's "Granite Traders · 138 Station Avenue" is the name cut short, and the
 * footer says so. A capitalised word right after the words (not a legal form, no punctuation
 * between) makes the other printing longer. An address witnesses a name of two words or more (a
 * logo word is the start of many a site's name), and holds more than the name (a domain).
 */
export function printedTwice(ctx: DocumentView, candidate: Candidate): boolean {
  const name = stripLegalForm(String(candidate.value));
  const joined = name.replace(/ /g, '');
  if (joined.length < 4) return false;
  return [...ctx.lines, ...(ctx.turnedLines ?? [])].some(
    (line) =>
      line.index !== candidate.line.index &&
      (sameNameIn(line.text, joined, name.includes(' ')) || (name.includes(' ') && inAddress(line.text, joined))),
  );
}

/** The printed words of a line with their letters and digits folded and run together. */
interface Word {
  printed: string;
  letters: string;
}

/**
 * Whether whole words of the text spell the name run together, and the name ends there. Words OCR
 * split ("Consul tores") count for a name of several words; a name of one word is one word there
 * too, since a few letters of a garbled line spell it by chance ("Hor izon").
 */
function sameNameIn(text: string, joined: string, severalWords: boolean): boolean {
  const words: Word[] = text
    .split(/\s+/)
    .map((printed) => ({ printed, letters: fold(printed).replace(/ /g, '') }))
    .filter((w) => w.letters !== '');
  for (let start = 0; start < words.length; start++) {
    let spelled = '';
    const last = severalWords ? words.length - 1 : start;
    for (let end = start; end <= last && spelled.length < joined.length; end++) {
      spelled += words[end]!.letters;
      if (spelled === joined && !continuesName(words, end)) return true;
    }
  }
  return false;
}

/** Whether the word after `last` carries the name on: a capitalised word, not a legal form, straight after it. */
function continuesName(words: readonly Word[], last: number): boolean {
  const following = words[last + 1];
  if (!following || /[^\p{L}\p{N}]$/u.test(words[last]!.printed)) return false;
  if (!/^\p{Lu}/u.test(following.printed)) return false;
  const rest = words.slice(last + 1, last + 4).flatMap((w) => fold(w.printed).split(' '));
  for (let n = 1; n <= rest.length; n++) if (legalFormAtEnd(['x', ...rest.slice(0, n)]) === n) return false;
  return true;
}

const ADDRESS_WORD = /@|^www|\.\p{L}{2,}/iu;

function inAddress(text: string, joined: string): boolean {
  return text.split(/\s+/).some((word) => {
    if (!ADDRESS_WORD.test(word)) return false;
    const letters = fold(word).replace(/ /g, '');
    return letters.length > joined.length && letters.includes(joined);
  });
}
