/**
 * What the extraction lab (packages/extraction-lab, a development tool of the repository) shares
 * with this CLI's commands: the OCR options of `intake extract` and the progress line. A subpath
 * of its own, so that the lab's `--help` loads neither the OCR engines nor the servers.
 */
export {
  ocrEngineOption,
  ocrLanguagesOption,
  ocrOtherLanguagesOption,
  ocrPagesOption,
} from './cli/commands/ocr-options.js';
export { createProgress, type Progress } from './cli/commands/progress.js';
export { splitLanguages } from './config/language-models.js';
