export { SearchPipeline } from './search-pipeline.ts';
export { runSearch, type AnswerLimits } from './run-search.ts';
export { javaDouble } from './labels.ts';
