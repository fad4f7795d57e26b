/**
 * The front door of pages/: the pictures of a document's pages the review screen shows.
 * No other context imports it; it is the package subpath @intake/core/pages for the daemon, its
 * adapters and the tests.
 */
export { PageImages } from './page-images.js';
