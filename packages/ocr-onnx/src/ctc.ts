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
 * Best allowed class at every time step of one line (`probabilities` is steps × classes), repeats
 * collapsed and blanks dropped; a blank step where a space was likely counts as a space.
 */
export function decodeLine(
  probabilities: Float32Array,
  steps: number,
  classes: number,
  alphabet: Alphabet,
): DecodedCharacter[] {
  const decoded: DecodedCharacter[] = [];
  const space = classes - 1;
  let previous = -1;
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
    if (best !== 0 && best !== previous)
      decoded.push({ text: alphabet.characters[best]!, step: t, probability: bestP });
    else if (best === 0 && probabilities[row + space]! >= SPACE_PROBABILITY && decoded.at(-1)?.text !== ' ')
      decoded.push({ text: ' ', step: t, probability: probabilities[row + space]! });
    previous = best;
  }
  return decoded;
}
