// Prettier for the whole tree (`npm run format`, checked by `npm run format:check` in `npm test`).
// Found through the "prettier" key of the root package.json, so editors pick it up too.
// Settings: the code's own style before Prettier came (single quotes, semicolons, trailing commas
// wherever they are allowed, parentheses around every arrow parameter); of the variants tried, these
// changed the fewest lines. 120 columns is the project's line limit.
/** @type {import('prettier').Config} */
export default {
  printWidth: 120,
  singleQuote: true,
  trailingComma: 'all',
  arrowParens: 'always',
};
