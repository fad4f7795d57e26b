/**
 * pdfjs for the rest of this package: import it from here, never from pdfjs-dist directly.
 *
 * The legacy build (the one that runs on Node 20) bundles core-js, which on the V8 of Node 20 replaces
 * Array.prototype.push with a JavaScript version, for the whole process: every push in every module
 * (HTTP routing, database drivers, logging) then runs through core-js helpers. It does so only to
 * throw the right error when pushing onto an array whose length was made read-only, which pdfjs
 * never relies on, so the engine's own push is put back as soon as pdfjs has loaded, and again after
 * each document is opened: in Node pdfjs runs its worker in this thread, and the worker's module
 * (loaded with the first document) bundles core-js too. (The functions core-js only adds, such as
 * Promise.withResolvers, which pdfjs needs on Node 20, stay.)
 */
import { nativePush } from './native-push.js';
import { getDocument, OPS, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';

export function restoreNativePush(): void {
  if (Array.prototype.push !== nativePush.value) Object.defineProperty(Array.prototype, 'push', nativePush);
}

restoreNativePush();

export { getDocument, OPS, VerbosityLevel };
