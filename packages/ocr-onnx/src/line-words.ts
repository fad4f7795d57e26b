/**
 * A recognised line split into words with boxes. CTC emits each character at one time step, about
 * where the character stands along the line, so a word spans from its first character's step to
 * its last's, widened by half a character on each side; its height is the line's.
 */
import type { DecodedCharacter } from './ctc.js';

/** A word in the source image's pixels; `confidence` is its characters' mean probability. */
export interface RecognizedWord {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  confidence: number;
}

/** Where a line was read: its box in the image, and how input pixels map back onto it. */
export interface LinePlacement {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Image pixels per time step. */
  stepWidth: number;
}

/**
 * Words at spaces, and at gaps wider than this many characters (1.5 split letter-spaced headings): the recogniser often drops the
 * space between a label and an amount printed far to its right on the same line.
 */
const GAP_IN_CHARACTERS = 1.8;

export function lineWords(characters: readonly DecodedCharacter[], line: LinePlacement): RecognizedWord[] {
  const centre = (c: DecodedCharacter): number => line.x0 + (c.step + 0.5) * line.stepWidth;
  const pitch = characterPitch(characters, line);
  const words: RecognizedWord[] = [];
  let current: DecodedCharacter[] = [];
  const flush = (): void => {
    const text = current.map((c) => c.text).join('');
    if (text.trim() !== '') {
      words.push({
        text: text.trim(),
        x0: Math.max(line.x0, centre(current[0]!) - pitch / 2),
        y0: line.y0,
        x1: Math.min(line.x1, centre(current.at(-1)!) + pitch / 2),
        y1: line.y1,
        confidence: current.reduce((sum, c) => sum + c.probability, 0) / current.length,
      });
    }
    current = [];
  };
  for (const character of characters) {
    if (character.text.trim() === '') {
      flush();
      continue;
    }
    const last = current.at(-1);
    if (last && centre(character) - centre(last) > GAP_IN_CHARACTERS * pitch) flush();
    current.push(character);
  }
  flush();
  return words;
}

/** The median distance between neighbouring characters; half the line's height when there are few. */
function characterPitch(characters: readonly DecodedCharacter[], line: LinePlacement): number {
  const fallback = (line.y1 - line.y0) / 2;
  const gaps: number[] = [];
  for (let i = 1; i < characters.length; i++) {
    if (characters[i]!.text.trim() !== '' && characters[i - 1]!.text.trim() !== '') {
      gaps.push((characters[i]!.step - characters[i - 1]!.step) * line.stepWidth);
    }
  }
  if (gaps.length < 3) return fallback;
  gaps.sort((a, b) => a - b);
  return Math.max(1, Math.min(gaps[gaps.length >> 1]!, 2 * fallback));
}
