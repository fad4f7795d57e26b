import type { Migration } from './list.js';

/**
 * Stored files (mail messages, PDFs, images) are kept out of line without compression: they are
 * compressed already (PDF streams, JPEG, PNG) or base64 text that pglz shrinks by a quarter at
 * about 2 ms of CPU per 100 KB message, on the SMTP edge's path to its 250. Rows written before
 * keep their compressed form (PostgreSQL reads both).
 */
export const blobStorageExternal: Migration = {
  id: 13,
  name: 'blob_storage_external',
  async up(trx) {
    await trx.raw('alter table blobs alter column bytes set storage external');
  },
};
