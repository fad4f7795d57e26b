/**
 * Array.prototype.push as the engine made it, read before pdfjs is loaded (./pdfjs.ts imports this
 * module first, and ES modules run in import order).
 */
export const nativePush = Object.getOwnPropertyDescriptor(Array.prototype, 'push')!;
