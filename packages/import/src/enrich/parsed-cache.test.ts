import { mkdir, readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadEnrichers } from './index.ts';
import { ParsedCache } from './parsed-cache.ts';
import { entryDocuments, tempFolder } from './test-helpers.ts';
import type { EntryDocuments } from './types.ts';
import { sharedPath } from '../../../../test-support/shared-files.ts';

const UNIPROT = `# 2019/10/01
PDB,CHAIN,SP_PRIMARY,RES_BEG,RES_END,PDB_BEG,PDB_END,SP_BEG,SP_END
4hhb,A,P69905,1,141,1,141,2,142
4hhb,B,P68871,1,146,1,146,2,147
4hhb,C,P69905,1,141,1,141,2,142
`;
const PUBMED = `PDB,ORDINAL,PUBMED_ID
4hhb,0,6726807
`;
const CLUSTERS = '4HHB_1 1ABC_2\n4HHB_2\n';
const RELEASES = JSON.stringify({ release_data: { HEM: ['1AAA', '1976-01-01'] } });

const enriched = (enrichers: Awaited<ReturnType<typeof loadEnrichers>>): EntryDocuments => {
  const docs = entryDocuments('4HHB', { '1': ['A', 'C'], '2': ['B', 'D'] });
  for (const enricher of enrichers) enricher.enrich(docs);
  return docs;
};

const folder = await tempFolder();
afterAll(() => folder.cleanup());

describe('the parsed forms of the enrichers files', () => {
  it('are re-used while the files are unchanged, parsed again and replaced when one changes', async () => {
    const sifts = join(folder.dir, 'sifts');
    const clusters = join(folder.dir, 'clusters');
    const flat = join(folder.dir, 'flat');
    for (const sub of [sifts, clusters, flat]) await mkdir(sub);
    await folder.write('sifts/pdb_chain_uniprot.csv.gz', UNIPROT);
    await folder.write('sifts/pdb_pubmed.csv', PUBMED);
    await folder.write('clusters/clusters-by-entity-30.txt', CLUSTERS);
    await folder.write('flat/chem-comp-release-data-summary.json', RELEASES);
    const folders = { siftsDir: sifts, clustersDir: clusters, flatDir: flat };
    const dir = join(folder.dir, 'parsed');

    const parsed = await loadEnrichers(folders);
    const first = await ParsedCache.open(dir);
    const kept = await loadEnrichers({ ...folders, cache: first });
    await first.prune();
    expect(first.counts).toEqual({ reused: 0, parsed: 4 });
    const forms = (await readdir(dir)).sort();
    expect(forms).toHaveLength(4);
    expect(forms.every((name) => name.endsWith('.v8'))).toBe(true);

    const second = await ParsedCache.open(dir);
    const reused = await loadEnrichers({ ...folders, cache: second });
    await second.prune();
    expect(second.counts).toEqual({ reused: 4, parsed: 0 });
    for (const enrichers of [kept, reused]) {
      expect(enriched(enrichers)).toEqual(enriched(parsed));
      expect(enrichers.map((e) => [e.name, e.sources])).toEqual(parsed.map((e) => [e.name, e.sources]));
    }
    const row = { rcsb_id: 'HEM' };
    reused.at(-1)?.enrichComponent?.(row);
    expect(row).toEqual({ rcsb_id: 'HEM', 'rcsb_chem_comp_info.initial_release_date': '1976-01-01' });

    // A changed file is parsed again, its old form removed; a damaged form is parsed again too.
    await writeFile(join(clusters, 'clusters-by-entity-30.txt'), '4HHB_2 4HHB_1\n');
    const later = (Date.now() + 60_000) / 1000;
    await utimes(join(clusters, 'clusters-by-entity-30.txt'), later, later);
    const pubmedForm = forms.find((name) => name.startsWith('sifts-PubMed-')) as string;
    await writeFile(join(dir, pubmedForm), 'not a parsed form');
    const third = await ParsedCache.open(dir);
    const again = await loadEnrichers({ ...folders, cache: third });
    await third.prune();
    expect(third.counts).toEqual({ reused: 2, parsed: 2 });
    const now = (await readdir(dir)).sort();
    expect(now).toHaveLength(4);
    expect(now.filter((name) => name.startsWith('clusters-'))).not.toEqual(
      forms.filter((name) => name.startsWith('clusters-')),
    );
    expect(enriched(again)).toEqual(enriched(await loadEnrichers(folders)));
    expect((await readFile(join(dir, pubmedForm))).toString()).not.toBe('not a parsed form');

    // Forms no run asks for any more are removed, and so are temporary files left by a crash.
    await writeFile(join(dir, 'clusters-0.v8.1234.tmp'), 'half');
    const fourth = await ParsedCache.open(dir);
    await loadEnrichers({ flatDir: flat, cache: fourth });
    await fourth.prune();
    expect(await readdir(dir)).toEqual([now.find((name) => name.startsWith('chem-comp-release-'))]);
  });
});

const REAL = sharedPath('real-data', 'the real-data parsed enricher forms test') ?? '';

describe.skipIf(REAL === '')('the parsed forms of the real cluster, SIFTS and flat files', () => {
  it('enrich as the files parsed do, and load in less time', async () => {
    const folders = {
      clustersDir: join(REAL, 'clusters'),
      siftsDir: join(REAL, 'sifts'),
      flatDir: join(REAL, 'flat'),
    };
    const dir = join(folder.dir, 'real');
    let start = performance.now();
    const first = await ParsedCache.open(dir);
    const parsed = await loadEnrichers({ ...folders, cache: first });
    const parsing = performance.now() - start;
    start = performance.now();
    const second = await ParsedCache.open(dir);
    const reused = await loadEnrichers({ ...folders, cache: second });
    const reading = performance.now() - start;
    console.log(
      `enrichers over the real files: ${(parsing / 1000).toFixed(2)} s parsed and kept, ${(reading / 1000).toFixed(2)} s read back`,
    );
    expect(second.counts).toEqual({ reused: parsed.length, parsed: 0 });
    expect(reading).toBeLessThan(parsing);
    const entries: [string, Record<string, string[]>][] = [
      ['4HHB', { '1': ['A', 'C'], '2': ['B', 'D'] }],
      ['1AH1', { '1': ['A'] }],
      ['3IYD', { '1': ['A'], '2': ['B'], '3': ['C'], '4': ['D'] }],
    ];
    for (const [id, entities] of entries) {
      const a = entryDocuments(id, entities);
      const b = entryDocuments(id, entities);
      for (const enricher of parsed) enricher.enrich(a);
      for (const enricher of reused) enricher.enrich(b);
      expect(b).toEqual(a);
      expect(b.polymer_entity.some((entity) => Object.keys(entity).length > 3)).toBe(true);
    }
  }, 120_000);
});
