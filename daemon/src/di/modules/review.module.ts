import path from 'node:path';
import { ContainerModule } from 'inversify';
import { CorrectionService } from '@intake/core/corrections';
import { VendorLearning } from '@intake/core/learning';
import { PageImages } from '@intake/core/pages';
import { type PageImageCache, type PageRenderer } from '@intake/core/ports';
import { type BlobStore, type DocumentReader, type Intake } from '@intake/core';
import type { PageRendererOptions } from '@intake/ocr-tesseract';
import { FilePageImageCache } from '@intake/storage-sql';
import { documentLimits, pdfBudget, type ResolvedConfig } from '../../config/config.schema.js';
import { refusalWarning } from '../../reading/refusal-warning.js';
import { loadOnce } from '../../runtime/load-once.js';
import type { Logger } from '../../logger.js';
import { TOKENS } from '../tokens.js';

/** Review: pictures of pages (cached on disk in DATA_DIR/page-cache) and corrections. */
export const reviewModule = new ContainerModule(({ bind }) => {
  bind<PageImageCache>(TOKENS.PageCache)
    .toDynamicValue(
      (ctx) => new FilePageImageCache(path.join(ctx.get<ResolvedConfig>(TOKENS.Config).DATA_DIR, 'page-cache')),
    )
    .inSingletonScope();

  bind<PageImages>(TOKENS.PageImages)
    .toDynamicValue(async (ctx) => {
      const config = ctx.get<ResolvedConfig>(TOKENS.Config);
      const intake = await ctx.getAsync<Intake>(TOKENS.Intake);
      return new PageImages({
        jobs: intake.jobs,
        blobs: await ctx.getAsync<BlobStore>(TOKENS.Blobs),
        renderer: lazyPageRenderer({
          limits: documentLimits(config),
          pdfBudget: pdfBudget(config),
          onRefused: refusalWarning(ctx.get<Logger>(TOKENS.Logger)),
        }),
        cache: ctx.get<PageImageCache>(TOKENS.PageCache),
        reader: ctx.get<DocumentReader>(TOKENS.Reader),
      });
    })
    .inSingletonScope();

  bind<CorrectionService>(TOKENS.Corrections)
    .toDynamicValue(async (ctx) => {
      const intake = await ctx.getAsync<Intake>(TOKENS.Intake);
      const logger = ctx.get<Logger>(TOKENS.Logger);
      const learning = new VendorLearning({
        hints: intake.stores.vendorHints,
        blobs: await ctx.getAsync<BlobStore>(TOKENS.Blobs),
        reader: ctx.get<DocumentReader>(TOKENS.Reader),
        clock: intake.clock,
        ids: intake.ids,
      });
      return new CorrectionService({
        stores: intake.stores,
        clock: intake.clock,
        ids: intake.ids,
        learning,
        onLearningFailed: (err, jobId) =>
          logger.warn({ err, jobId }, 'learning from a correction failed; the correction stands'),
      });
    })
    .inSingletonScope();
});

/**
 * The page renderer (pdfjs and sharp, in @intake/ocr-tesseract) is loaded with the first picture of a
 * page the review screen asks for, not at start: a daemon that is never reviewed never loads it.
 */
function lazyPageRenderer(options: PageRendererOptions): PageRenderer {
  const renderer = loadOnce(async () => (await import('@intake/ocr-tesseract')).createPageRenderer(options));
  return { render: async (...args) => (await renderer()).render(...args) };
}
