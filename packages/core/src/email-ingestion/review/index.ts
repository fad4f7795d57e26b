export * from './review-item.js';
export * from './review-store.port.js';
export * from './document-classifier.js';
