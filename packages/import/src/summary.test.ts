import { describe, expect, it } from 'vitest';
import type { ImportSummary } from './pipeline.ts';
import { formatSummary } from './summary.ts';

const summary: ImportSummary = {
  outDir: '/data/pdb',
  manifest: {
    source: 'wwPDB mmCIF files',
    sources: ['PDB'],
    demo: false,
    archive_date: '2024-07-10',
    generated_at: '2026-01-01T00:00:00Z',
    generator: 'pdb-statistics mmcif-import 0.1.0',
    counts: {
      entry: 2,
      polymer_entity: 3,
      non_polymer_entity: 1,
      polymer_instance: 4,
      assembly: 2,
      mol_definition: 0,
    },
  },
  files: {
    found: 25,
    parsed: 3,
    reused: 0,
    carried: 0,
    bad: 22,
    removed: 1,
    ignored: 1,
    removedShards: 0,
    notReleased: 0,
  },
  badFiles: Array.from({ length: 22 }, (_, i) => ({
    file: `/m/x${i}.cif.gz`,
    reason: 'corrupt or truncated gzip data',
  })),
  counts: {
    entry: 2,
    polymer_entity: 3,
    non_polymer_entity: 1,
    polymer_instance: 4,
    assembly: 2,
    mol_definition: 0,
  },
  attributes: { structure: { filled: 300, total: 634 }, chemical: { filled: 0, total: 59 } },
  charts: {
    drawn: ['resolution'],
    notDrawn: [{ chart: 'assembly-symmetry', missing: ['rcsb_struct_symmetry.kind'] }],
  },
  bytes: { compressed: 4e6, decompressed: 16e6 },
  seconds: 3,
  phases: { enrichers: 0.5, discovery: 0.1, rows: 2, parquet: 0.4 },
  threads: 2,
};

describe('formatSummary', () => {
  it('names files, rows per level, skipped files, attributes filled and throughput', () => {
    const text = formatSummary(summary);
    expect(text).toContain(
      'Files: 25 found, 3 parsed, 0 unchanged (from the cache), 22 skipped, 1 other files ignored',
    );
    expect(text).toMatch(/polymer_instance\s+4/);
    expect(text).toContain('  /m/x0.cif.gz: corrupt or truncated gzip data');
    expect(text).toContain('… and 2 more');
    expect(text).toContain(
      '300 of 634 structure attributes, 0 of 59 chemical attributes of the public catalogue',
    );
    expect(text).toContain(
      'Charts this archive can draw: 1 of 2\n  not assembly-symmetry: lacks rcsb_struct_symmetry.kind',
    );
    expect(text).toContain('2.0 MB/s compressed, 8.0 MB/s decompressed, 1.0 entries/s');
  });
});
