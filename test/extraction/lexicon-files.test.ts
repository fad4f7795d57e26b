import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fold } from '../../packages/core/src/extraction/layout/fold.js';

/**
 * Every word list of packages/core/src/extraction/lexicons is data a contributor extends by hand:
 * each file is checked for its shape here, so that a slip in one (a list under a misspelt language,
 * a word twice, a word with capitals where the loader compares folded text) fails a test.
 */

const DIRECTORY = new URL('../../packages/core/src/extraction/lexicons/', import.meta.url);

interface FileShape {
  /** How deep the language codes sit: 0 at the top ({ "en": ... }), 1 under each list's name; null: no language keys. */
  languages: 0 | 1 | null;
  /**
   * `folded`: the loader compares the words with folded text as they are (layout/fold.ts), so they
   * are written folded. `printed`: the loader folds each word (legal forms, labels) or escapes it
   * in a regular expression (name phrases, month names), or compares them with the text in lower
   * case (yes/no words), so the words are written as documents print them.
   */
  words: 'folded' | 'printed';
}

const FILES: Record<string, FileShape> = {
  'address-words.json': { languages: 0, words: 'folded' },
  'adjustment-words.json': { languages: 0, words: 'folded' },
  'assignment-words.json': { languages: 1, words: 'folded' },
  'bank-words.json': { languages: 0, words: 'folded' },
  'branch-words.json': { languages: 1, words: 'folded' },
  'business-words.json': { languages: 0, words: 'folded' },
  'closing-words.json': { languages: 0, words: 'folded' },
  'common-words.json': { languages: 0, words: 'folded' },
  'contact-words.json': { languages: 0, words: 'folded' },
  'country-names.json': { languages: 0, words: 'folded' },
  'courtesy-words.json': { languages: 0, words: 'folded' },
  'deadline-words.json': { languages: 0, words: 'folded' },
  'department-words.json': { languages: 1, words: 'folded' },
  'detail-line-words.json': { languages: 0, words: 'folded' },
  'document-titles.json': { languages: 0, words: 'folded' },
  'field-labels.json': { languages: 0, words: 'printed' },
  'key-words.json': { languages: 0, words: 'folded' },
  'legal-forms.json': { languages: 0, words: 'printed' },
  'month-names.json': { languages: 0, words: 'printed' },
  'name-phrases.json': { languages: 1, words: 'printed' },
  'number-prefixes.json': { languages: 0, words: 'printed' },
  'organization-words.json': { languages: 0, words: 'folded' },
  'owner-words.json': { languages: 0, words: 'folded' },
  'party-prepositions.json': { languages: 0, words: 'folded' },
  'registration-words.json': { languages: 0, words: 'folded' },
  'seat-words.json': { languages: 0, words: 'folded' },
  'self-billing-words.json': { languages: 0, words: 'folded' },
  'share-capital-words.json': { languages: 0, words: 'folded' },
  'table-header-words.json': { languages: 0, words: 'folded' },
  'tax-id-labels.json': { languages: 0, words: 'folded' },
  'yes-no-words.json': { languages: 0, words: 'printed' },
  // Lists for every language at once, keyed by what they are for: a field, a glyph, payment.
  // The page's hints of a date order (money, registrations, states: as printed), and payment terms' words per language under them.
  'date-orders.json': { languages: null, words: 'printed' },
  'ocr-lookalikes.json': { languages: null, words: 'folded' },
  'ocr-name-lookalikes.json': { languages: null, words: 'folded' },
  'payment-methods.json': { languages: null, words: 'folded' },
  'role-labels.json': { languages: null, words: 'printed' },
};

const languageName = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
const read = (file: string): unknown => JSON.parse(readFileSync(new URL(file, DIRECTORY), 'utf8'));
const jsonFiles = readdirSync(DIRECTORY).filter((f) => f.endsWith('.json'));

/** The lists of a lexicon, each with the path of keys that leads to it. */
function listsOf(value: unknown, path: string[] = []): { path: string[]; words: unknown[] }[] {
  // Month names are a list per month: twelve lists in a language's list.
  if (Array.isArray(value) && value.every(Array.isArray))
    return value.flatMap((inner: unknown, k) => listsOf(inner, [...path, String(k + 1)]));
  if (Array.isArray(value)) return [{ path, words: value }];
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, inner]) => listsOf(inner, [...path, key]));
  return [{ path, words: [value] }];
}

describe('lexicon files', () => {
  it('every file is one this test knows the shape of', () => {
    expect(jsonFiles.sort()).toEqual(Object.keys(FILES).sort());
  });

  describe.each(jsonFiles)('%s', (file) => {
    const shape = FILES[file]!;
    const lists = listsOf(read(file));

    it('is keyed by known ISO 639-1 language codes where it is per language', () => {
      if (shape.languages === null) return;
      const codes = new Set(lists.map((l) => l.path[shape.languages!]));
      for (const code of codes) {
        expect(code, file).toMatch(/^[a-z]{2}$/);
        expect(languageName.of(code!), `${file}: ${code}`).toBeDefined();
      }
    });

    it('holds lists of trimmed, non-empty words, none twice in a list', () => {
      for (const { path, words } of lists) {
        const where = `${file}: ${path.join('.')}`;
        for (const word of words) {
          expect(typeof word, where).toBe('string');
          expect((word as string).trim(), where).toBe(word);
          expect((word as string).length, where).toBeGreaterThan(0);
        }
        expect(
          words.filter((w, i) => words.indexOf(w) !== i),
          where,
        ).toEqual([]);
      }
    });

    it('writes its words folded where the loader compares them with folded text', () => {
      if (shape.words !== 'folded') return;
      // A folded word is letters, digits and single spaces: no regular-expression metacharacter.
      for (const { path, words } of lists)
        for (const word of words) expect(fold(word as string), `${file}: ${path.join('.')}`).toBe(word);
    });
  });
});
