/** Pages: document pages as pictures for a person checking field locations (see page-images.ts). */
export { DEFAULT_PAGE_IMAGE_OPTIONS, PageImages } from './page-images.js';
export type { PageImage, PageImagesDeps, PageImagesOptions } from './page-images.js';
