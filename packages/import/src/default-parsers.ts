/** The real mmCIF parsers, loaded by the import's worker threads (see parse-file.ts). */
export { parseEntry } from './mmcif/parse-entry.ts';
export { parseComponents } from './mmcif/parse-component.ts';
