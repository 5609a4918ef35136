export {
  DocumentStore,
  MAX_LOOKUP_IDS,
  type EntryRecord,
  type KeyDocument,
  type KeyDocumentSource,
} from './document-store.ts';
export { DEFAULT_ENTRY_MAX_ROWS } from './entry-record.ts';
export { DataApiDocuments } from './data-api-documents.ts';
export { documentRoutes } from './documents-routes.ts';
export { KEY_ATTRIBUTES, type KeyAttribute } from './key-attributes.ts';
