export * from './review-item.js';
export * from './document-classifier.js';
export * from './review-queue.js';
