/**
 * Greedy CTC decoding of the recogniser's output, restricted to the characters of Latin-script
 * documents, keeping where along the line each character was emitted so that words get boxes.
 */

/** The recogniser's classes: 0 is CTC's blank, then the dictionary, then the space. */
export interface Alphabet {
  /** Text of each class (index 0, the blank, is ''). */
  characters: string[];
  /** Class indices decoding may choose (the blank included). */
  allowed: Int32Array;
}

/**
 * PaddleOCR's multilingual dictionary is mostly Chinese; a smudge on a European receipt would come
 * out as a hanzi. Only characters that are Latin or common (digits, punctuation, symbols) after
 * NFKC normalisation may be chosen, and full-width forms are read as their ASCII ones ('：' is ':').
 */
export function createAlphabet(dictionary: string): Alphabet {
  const entries = dictionary.split(/\r?\n/);
  if (entries.at(-1) === '') entries.pop();
  const characters = ['', ...entries.map((c) => c.normalize('NFKC')), ' '];
  const allowed = [0];
  characters.forEach((c, i) => {
    if (i > 0 && LATIN_OR_COMMON.test(c) && !CJK_PUNCTUATION.test(c)) allowed.push(i);
  });
  return { characters, allowed: Int32Array.from(allowed) };
}

const LATIN_OR_COMMON = /^[\p{Script=Latin}\p{Script=Common}]+$/u;
/** Common-script characters of CJK typography: ideographic space, brackets and full stops. */
const CJK_PUNCTUATION = /[\u3000-\u303f\u30fb\uff61-\uff65]/u;

/** One decoded character: its text, the time step it was emitted at, its probability. */
export interface DecodedCharacter {
  text: string;
  step: number;
  probability: number;
}

/**
 * The recogniser, trained mostly on Chinese (written without spaces), rarely lets the space win
 * over the blank between two Latin words, but its probability rises there (0.1 to 0.35 between
 * words of the development receipts, under 0.01 within words): from this on it separates words.
 */
const SPACE_PROBABILITY = 0.05;

/**
 * A weaker hint of a space counts where the line image shows one: from this probability on, a gap
 * of white columns at least `WHITE_GAP` of the line's height between the two characters splits
 * them ("YONGFATT ENTERPRISE" at 0.045, "D.I.Y. (KUCHAI)" at 0.048). Within words the space's
 * probability stays under 0.002 almost everywhere, and a letter's own side bearings are narrower.
 * Never before a digit: a decimal point is narrow, so "9.90" shows such a gap after its dot.
 */
const WEAK_SPACE_PROBABILITY = 0.02;
const WHITE_GAP = 0.3;

/**
 * Best allowed class at every time step of one line (`probabilities` is steps × classes), repeats
 * collapsed and blanks dropped; a blank step where a space was likely counts as a space, and so
 * does one where a space was less likely but `whiteGap(fromStep, toStep)` (the widest run of
 * blank columns between two steps, in line heights; none by default) shows one.
 */
export function decodeLine(
  probabilities: Float32Array,
  steps: number,
  classes: number,
  alphabet: Alphabet,
  whiteGap: (fromStep: number, toStep: number) => number = () => 0,
): DecodedCharacter[] {
  const decoded: DecodedCharacter[] = [];
  const space = classes - 1;
  let previous = -1;
  // The likeliest space among the blank steps since the last character (none after a space).
  let hint: DecodedCharacter | null = null;
  for (let t = 0; t < steps; t++) {
    const row = t * classes;
    let best = 0;
    let bestP = -1;
    for (const c of alphabet.allowed) {
      const p = probabilities[row + c]!;
      if (p > bestP) {
        bestP = p;
        best = c;
      }
    }
    if (best !== 0 && best !== previous) {
      const last = decoded.at(-1);
      const text = alphabet.characters[best]!;
      if (hint && last && last.text !== ' ' && !/^\d/.test(text) && whiteGap(last.step, t) >= WHITE_GAP)
        decoded.push(hint);
      decoded.push({ text, step: t, probability: bestP });
      hint = null;
    } else if (best === 0 && decoded.at(-1)?.text !== ' ') {
      const p = probabilities[row + space]!;
      if (p >= SPACE_PROBABILITY) decoded.push({ text: ' ', step: t, probability: p });
      else if (p >= WEAK_SPACE_PROBABILITY && p > (hint?.probability ?? 0))
        hint = { text: ' ', step: t, probability: p };
    }
    previous = best;
  }
  return decoded.filter(
    (c, i) => !(c.text === ' ' && decimalDigitAfter(decoded[i - 2]?.text, decoded[i - 1]?.text, decoded[i + 1]?.text)),
  );
}

/**
 * The recogniser often sees a space after a decimal point ("39. 90" at 0.86): English text puts
 * one after every full stop. Between a digit's point and a digit it is none. After a comma it can
 * be ("Jan 1, 2022").
 */
export function decimalDigitAfter(beforePoint = '', point = '', after = ''): boolean {
  return /\d$/.test(beforePoint) && point === '.' && /^\d/.test(after);
}
