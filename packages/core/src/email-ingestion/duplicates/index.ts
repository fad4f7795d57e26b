export * from './duplicates.js';
