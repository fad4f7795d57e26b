/**
 * The front door of duplicates/: a prefix's duplicate settings and the verdict a job keeps. Other
 * contexts import these from here, never the files behind.
 */
export { type DuplicateSettings, duplicateSettingsOf, type JobDuplicate, settingsOnly } from './duplicates.js';
