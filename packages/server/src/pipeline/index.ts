export { SearchPipeline } from './search-pipeline.ts';
export { runSearch } from './run-search.ts';
export { javaDouble } from './labels.ts';
