export { DocumentStore, MAX_LOOKUP_IDS, type KeyDocument, type KeyDocumentSource } from './document-store.ts';
export { DataApiDocuments } from './data-api-documents.ts';
export { documentRoutes } from './documents-routes.ts';
export { KEY_ATTRIBUTES, type KeyAttribute } from './key-attributes.ts';
