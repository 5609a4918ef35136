export { CarryOver } from './carry-over.ts';
export { type SnapshotComparison, compareSnapshots, formatComparison } from './compare.ts';
export { loadEnrichers } from './enrichers.ts';
export { ParsedCache } from './enrich/parsed-cache.ts';
export { type ImportSummary, importMmcif } from './pipeline.ts';
export { type RcsbApiImportSummary, importRcsbApi } from './rcsb-api/pipeline.ts';
export { loadFixtureEntries, standInChemComps } from './rcsb-api/stand-in/fixtures.ts';
export { type StandIn, startStandIn } from './rcsb-api/stand-in/server.ts';
