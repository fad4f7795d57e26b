/** Accented letters that OCR's models lack, put back where a word's ending leaves no doubt. */
import type { Word } from '../../ports/document-reader.port.js';

/**
 * tesseract's English and German models have no "ó": they read Spanish "-ción" and "-sión" as
 * "-cién" or "-ciön" ("Alimentacién", "Direccién", "emisiön"), and a name or label so read folds
 * to no word of its own ("alimentacien"). No word of the pages' languages ends so but Spanish
 * "recién", kept as read; every other such ending is the "ó" the models could not read.
 */
const ENDING = /(?<=\p{L}[csCS])([iI])([éöÉÖ])([nN])(?=[\p{P}]*$)/u;
const KEPT = new Set(['recién']);

export function withSpanishEnding(word: Word): Word {
  const m = ENDING.exec(word.text);
  if (!m || KEPT.has(word.text.replace(/\p{P}+$/u, '').toLowerCase())) return word;
  const o = m[2] === m[2]!.toUpperCase() ? 'Ó' : 'ó';
  return { ...word, text: word.text.slice(0, m.index) + m[1] + o + m[3] + word.text.slice(m.index + 3) };
}
