export { generateDemoArchive } from './demo-archive.ts';
export { DEMO_ATTRIBUTES } from './demo-attributes.ts';
export { generateDocuments } from './generator.ts';
export { ORGANISMS } from './vocabulary/organisms.ts';
export { writeSnapshot } from './write-documents.ts';
