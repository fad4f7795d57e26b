import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp, imported at its first use: its import loads libvips (a native library) and costs about
 * 0.1 CPU s, which every process that loads this package (the daemon, each CLI command) would
 * otherwise pay at start for pictures it may never read.
 */
export const loadSharp = (): Promise<typeof Sharp> => (loading ??= import('sharp').then((module) => module.default));
