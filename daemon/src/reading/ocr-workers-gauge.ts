/**
 * `intake_ocr_workers{engine}`: OCR worker threads alive, read from the reader at each scrape. Each
 * holds its models and buffers (the largest part of an idle daemon's memory), until it has been
 * idle for OCR_IDLE_RELEASE_MS; an operator sees them come and go beside the process's memory.
 * `intake_pdf_threads`: the same for the reader's PDF threads (pdfjs), released after the same period.
 * `intake_reader_processes` and `intake_reader_resident_memory_bytes`: the process they run in
 * (reader-process.ts), which ends after the same period and gives all its memory back.
 */
import { Gauge, type Registry } from 'prom-client';
import type { ReaderProcess } from './reader-process.js';
import { METRIC_PREFIX } from '../metrics/daemon-metrics.js';

export function registerOcrWorkersGauge(
  registry: Registry,
  reader: Pick<ReaderProcess, 'ocrWorkers' | 'pdfThreads' | 'processes' | 'residentBytes'>,
): void {
  new Gauge<'engine'>({
    name: `${METRIC_PREFIX}ocr_workers`,
    help: 'OCR worker threads alive, by engine (tesseract, paddle); idle ones end after OCR_IDLE_RELEASE_MS',
    labelNames: ['engine'],
    registers: [registry],
    collect() {
      const live = reader.ocrWorkers();
      this.set({ engine: 'tesseract' }, live.tesseract);
      this.set({ engine: 'paddle' }, live.engine);
    },
  });
  new Gauge({
    name: `${METRIC_PREFIX}pdf_threads`,
    help: 'PDF threads (pdfjs) alive for reading and page counting; idle ones end after OCR_IDLE_RELEASE_MS',
    registers: [registry],
    collect() {
      this.set(reader.pdfThreads());
    },
  });
  new Gauge({
    name: `${METRIC_PREFIX}reader_processes`,
    help: 'Reader processes alive (OCR and PDF reading); one ends after OCR_IDLE_RELEASE_MS without a document',
    registers: [registry],
    collect() {
      this.set(reader.processes());
    },
  });
  new Gauge({
    name: `${METRIC_PREFIX}reader_resident_memory_bytes`,
    help: 'Resident memory of the reader processes, as they last reported it (0 when none is alive)',
    registers: [registry],
    collect() {
      this.set(reader.residentBytes());
    },
  });
}
