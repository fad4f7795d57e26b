import { makeContent, type SyntheticContent } from './document.js';
import type { FontChoice } from './layout.js';
import { createRandom, seedOf, type Random } from './random.js';
import { chooseStrangerLayout, strangerTableTop, type StrangerLayout } from './render-stranger.js';
import { restyleDates } from './stranger-dates.js';
import { chooseStrangerIssuer, withOwnerLine, withSeat } from './stranger-issuer.js';
import { chooseStrangerOthers } from './stranger-others.js';
import { chooseStrangerPages } from './stranger-pages.js';
import { readdress } from './stranger-parties.js';
import { chooseStrangerSellers } from './stranger-sellers.js';
import { chooseStrangerTax } from './stranger-tax.js';
import { restyle } from './stranger-variety.js';
import { chooseStrangerTracking } from './stranger-tracking.js';
import { chooseStrangerWhen } from './stranger-when.js';
import { LANGUAGES, STRANGER_LANGUAGES, vocabularyOf, type Language } from './vocabulary.js';

/**
 * One of the languages only this family prints, as often as each of the families' (three in eight),
 * from a random source of its own: a document in a families' language is drawn as it was before.
 * The language is passed as a list of one, so that the content's draws stay in step.
 */
function strangerLanguage(seed: number, index: number): { languages?: readonly Language[] } {
  const random = createRandom(seedOf(`intake synthetic language ${seed} ${index}`));
  const all = LANGUAGES.length + STRANGER_LANGUAGES.length;
  return random.chance(STRANGER_LANGUAGES.length / all) ? { languages: [random.pick(STRANGER_LANGUAGES)] } : {};
}

/** WinAnsi, the encoding of PDF's standard fonts: Latin-1 and the few letters and marks it adds. */
const WIN_ANSI = /^[\n\x20-\x7e\xa0-\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]*$/u;

/**
 * The fonts a language's words can be set in: a standard font prints WinAnsi's letters only, so
 * a language with others (Polish "ł", "ś") takes a TrueType font.
 */
function fontsFor(fonts: readonly FontChoice[], language: Language): readonly FontChoice[] {
  if (WIN_ANSI.test(JSON.stringify(vocabularyOf(language)))) return fonts;
  const truetype = fonts.filter((f) => f.kind === 'truetype');
  return truetype.length > 0 ? truetype : fonts;
}

/**
 * A stranger invoice's or order's content and layout, every choice drawn: the tax's shape and the
 * seller's name and place, the own date's place and form, and the other organizations (when
 * `others`) each from a random source of their own, so that every other draw of the seed stays as
 * it was. `issued` is the content before the tax's, the seller's, the date's and the others' choices.
 * `paged`: whether a long table may flow over several pages (stranger-pages.ts; photos stay one page).
 */
export function drawStranger(
  random: Random,
  fonts: readonly FontChoice[],
  seed: number,
  index: number,
  options: { others: boolean; paged: boolean; tracking: boolean },
): { content: SyntheticContent; layout: StrangerLayout; issued: SyntheticContent } {
  let content = makeContent(random, {
    kind: random.pick(['invoice', 'purchase_order'] as const),
    ...strangerLanguage(seed, index),
  });
  const chosen = chooseStrangerLayout(
    random,
    fontsFor(fonts, content.language),
    content.kind === 'purchase_order' ? 'purchase_order' : 'invoice',
  );
  content = readdress(restyleDates(restyle(content, chosen.variety, random), chosen.dates), chosen.parties, random);
  const drawn = chooseStrangerIssuer(content, random);
  const owned = withOwnerLine(
    drawn.issuer,
    drawn.owner,
    content.vocabulary,
    createRandom(seedOf(`intake synthetic owner ${seed} ${index}`)),
  );
  const issuer = withSeat(owned, drawn.content, createRandom(seedOf(`intake synthetic seat ${seed} ${index}`)));
  const issued = { content: drawn.content, issuer };
  // The pages, the tax's shape and the seller's name each have a random source of their own:
  // every other draw of the seed stays as it was. More rows come before the tax is drawn on them.
  const pages = options.paged
    ? chooseStrangerPages(
        issued.content,
        createRandom(seedOf(`intake synthetic pages ${seed} ${index}`)),
        // The table's top as drawn (a seller's place may drop the department line: never lower).
        strangerTableTop({ ...chosen, issuer: issued.issuer }),
      )
    : undefined;
  const taxed = chooseStrangerTax(
    pages?.content ?? issued.content,
    createRandom(seedOf(`intake synthetic tax ${seed} ${index}`)),
    chosen.totals === 'bare',
  );
  // So have the seller's name and place (stranger-sellers.ts).
  const sellers = chooseStrangerSellers(
    taxed.content,
    { ...chosen, issuer: issued.issuer, tax: taxed.tax, ...(pages ? { pages: pages.pages } : {}) },
    createRandom(seedOf(`intake synthetic sellers ${seed} ${index}`)),
  );
  // And where and how the document's own date is printed (stranger-when.ts).
  const when = chooseStrangerWhen(
    sellers.content,
    sellers.layout,
    createRandom(seedOf(`intake synthetic when ${seed} ${index}`)),
  );
  // And the letter-spaced name and title (stranger-tracking.ts).
  const tracking = options.tracking
    ? chooseStrangerTracking(createRandom(seedOf(`intake synthetic tracking ${seed} ${index}`)))
    : undefined;
  const tracked = { ...when.layout, ...(tracking ? { tracking } : {}) };
  if (!options.others) return { content: when.content, layout: tracked, issued: issued.content };
  // So have the other organizations (stranger-others.ts).
  const withOthers = chooseStrangerOthers(
    when.content,
    tracked,
    createRandom(seedOf(`intake synthetic others ${seed} ${index}`)),
  );
  return { content: withOthers.content, layout: withOthers.layout, issued: issued.content };
}
