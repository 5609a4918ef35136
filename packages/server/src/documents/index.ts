export { DocumentStore, MAX_LOOKUP_IDS, type KeyDocument } from './document-store.ts';
export { documentRoutes } from './documents-routes.ts';
export { KEY_ATTRIBUTES, type KeyAttribute } from './key-attributes.ts';
