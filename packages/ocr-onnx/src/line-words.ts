/**
 * A recognised line split into words with boxes. CTC emits each character at one time step, about
 * where the character stands along the line, so a word spans from its first character's step to
 * its last's, widened by half a character on each side; its height is the line's.
 */
import type { Tilt } from './components.js';
import { decimalDigitAfter, type DecodedCharacter } from './ctc.js';

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
  /** A slanted line's centre line: its words then stand on it, each as high as the line's ink. */
  tilt?: Tilt;
}

/**
 * Words at spaces, and at gaps wider than this many characters (1.5 split letter-spaced headings): the recogniser often drops the
 * space between a label and an amount printed far to its right on the same line.
 */
const GAP_IN_CHARACTERS = 1.8;

/**
 * The least gap kept between two words' boxes, as a share of the line's height. Boxes are widened
 * from the characters' time steps, so two words a narrow space apart ("STATIONERY SHOP") would
 * touch, and a reader that joins touching boxes into one word (as the extraction's line builder
 * does for engines that split a word, below 0.08 of its height) would undo the split the space
 * decided. The gap is taken from both boxes around the midpoint between the two characters.
 */
const WORD_GAP_OF_HEIGHT = 0.15;

export function lineWords(characters: readonly DecodedCharacter[], line: LinePlacement): RecognizedWord[] {
  const centre = (c: DecodedCharacter): number => line.x0 + (c.step + 0.5) * line.stepWidth;
  const pitch = characterPitch(characters, line);
  const words: RecognizedWord[] = [];
  let current: DecodedCharacter[] = [];
  const flush = (): void => {
    const text = current.map((c) => c.text).join('');
    if (text.trim() !== '') {
      const x0 = Math.max(line.x0, centre(current[0]!) - pitch / 2);
      const x1 = Math.min(line.x1, centre(current.at(-1)!) + pitch / 2);
      words.push({
        text: text.trim(),
        x0,
        x1,
        ...heightAt(line, (x0 + x1) / 2),
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
    const apart = last && centre(character) - centre(last) > GAP_IN_CHARACTERS * pitch;
    if (apart && !decimalDigitAfter(current.at(-2)?.text, last.text, character.text)) flush();
    current.push(character);
  }
  flush();
  return keepApart(words, (line.tilt?.thickness ?? line.y1 - line.y0) * WORD_GAP_OF_HEIGHT);
}

/**
 * A word's top and bottom: the line's box, or on a slanted line its ink's band where the word
 * stands, so that the words of a turned page rise along their lines as the page's text does.
 */
function heightAt(line: LinePlacement, x: number): { y0: number; y1: number } {
  if (!line.tilt) return { y0: line.y0, y1: line.y1 };
  const { cx, cy, slope, thickness } = line.tilt;
  const y = cy + slope * (x - cx);
  return { y0: Math.max(line.y0, y - thickness / 2), y1: Math.min(line.y1, y + thickness / 2) };
}

/** Narrows neighbouring boxes that come closer than `gap` so that they are `gap` apart. */
function keepApart(words: RecognizedWord[], gap: number): RecognizedWord[] {
  for (let i = 1; i < words.length; i++) {
    const left = words[i - 1]!;
    const right = words[i]!;
    if (right.x0 - left.x1 >= gap) continue;
    const middle = (left.x1 + right.x0) / 2;
    // Never past the other side of either box: a one-character word keeps a sliver.
    left.x1 = Math.max(left.x0 + 1, Math.min(left.x1, middle - gap / 2));
    right.x0 = Math.min(right.x1 - 1, Math.max(right.x0, middle + gap / 2));
  }
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
