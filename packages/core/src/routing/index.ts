export * from './routing.js';
