/**
 * Bumped whenever a change alters the words read from a page (preprocessing, models, engine
 * settings), so that caches of read documents (`intake eval`'s) know to read again.
 */
export const READING_REVISION = 1;
