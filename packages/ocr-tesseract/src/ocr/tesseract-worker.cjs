/**
 * The script our OCR worker threads run: tesseract.js' own Node worker script (same handlers, same
 * messages), wired with two changes that tesseract.js offers no option for.
 *
 * - No progress messages. The wasm core reports progress tens of times a page, and tesseract.js posts
 *   each report to the main thread whether anyone listens or not: about 20 ms of a worker's time a
 *   page, and as many wake-ups of the main thread. The pool passes no logger, so nothing is lost.
 * - The LSTM-only build of the core. tesseract.js 7 hands its core loader a boolean where the loader
 *   compares with OEM numbers, so it always loads the build that carries the legacy engine too; the
 *   pool only runs OEM.LSTM_ONLY, which the smaller build serves with the same recognizer.
 *   tesseract.js' own feature detection still picks between its SIMD and plain builds.
 *
 * - Models from npm packages. The pool's language path `intake:packaged-models` stands for "each
 *   language's model in its own package" (`@tesseract.js-data/<code>`, the "best" network quantised
 *   to integers), which tesseract.js' single language folder cannot express.
 *
 * Plain CommonJS because worker threads start from a file Node runs as it is. tesseract.js is pinned
 * to an exact version in package.json: this file reaches into its src/ folder.
 */
'use strict';

const path = require('node:path');
const { parentPort } = require('node:worker_threads');
const worker = require('tesseract.js/src/worker-script');
const nodeGetCore = require('tesseract.js/src/worker-script/node/getCore');
const gunzip = require('tesseract.js/src/worker-script/node/gunzip');
const cache = require('tesseract.js/src/worker-script/node/cache');
const OEM = require('tesseract.js/src/constants/OEM');

const silenced = new WeakMap();

async function getCore(lstmOnly, corePath, res) {
  const core = await nodeGetCore(lstmOnly ? OEM.LSTM_ONLY : OEM.TESSERACT_LSTM_COMBINED, corePath, res);
  if (!silenced.has(core)) {
    silenced.set(core, (moduleArg) => core({ ...moduleArg, TesseractProgress: () => undefined }));
  }
  return silenced.get(core);
}

parentPort.on('message', (packet) => {
  worker.dispatchHandlers(packet, (message) => {
    if (message.status !== 'progress') parentPort.postMessage(message);
  });
});

const PACKAGED_MODELS = 'intake:packaged-models';

/** tesseract.js asks for `<langPath>/<code>.traineddata.gz`; a packaged model is read from its package. */
function readCache(file) {
  if (typeof file !== 'string' || !file.startsWith(`${PACKAGED_MODELS}/`)) return cache.readCache(file);
  const name = path.basename(file);
  const code = name.slice(0, name.indexOf('.'));
  const folder = path.join(path.dirname(require.resolve(`@tesseract.js-data/${code}/package.json`)), '4.0.0_best_int');
  return cache.readCache(path.join(folder, name));
}

worker.setAdapter({ getCore, gunzip, fetch: globalThis.fetch, ...cache, readCache });
