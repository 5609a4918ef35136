export { dayOf, firstDayOfYear, isoDay, parseDay, todayUtc, weekday, yearOfDay } from './dates.ts';
export {
  type DemoDocuments,
  type EntryDocuments,
  LEVELS,
  type Row,
  columnsOf,
  DATABASE_PART,
  databasePartOf,
  emptyDocuments,
  fullCounts,
  parquetFileOf,
} from './documents.ts';
export { LevelFiles, narrowedColumns } from './level-files.ts';
export { type LevelSources, levelSources } from './level-sources.ts';
export { MANIFEST_FILE, type Manifest, readManifest } from './manifest.ts';
export { type Snapshot, isSnapshot, openSnapshot } from './open-snapshot.ts';
export { readSnapshotLayout } from './snapshot-layout.ts';
export { quoteName, quoteString } from './sql-text.ts';
export { markServed, removeLeftovers, servedSnapshot, versionsOf } from './published.ts';
export { isAlive, lockFileOf, SnapshotLock } from './snapshot-lock.ts';
export { type ManifestExtras, SnapshotWriter, type SnapshotWriterOptions } from './write-snapshot.ts';
