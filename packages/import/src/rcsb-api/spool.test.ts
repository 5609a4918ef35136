import { appendFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DocumentSpool } from './spool.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pdb-stats-spool-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const entry = (id: string, title = id) => ({
  id,
  item: { revision: '2020-01-01' },
  document: { rcsb_id: id, title },
});

async function all(spool: DocumentSpool, ids: string[]) {
  const found: Record<string, unknown> = {};
  for await (const { id, document } of spool.documents('entries', ids)) found[id] = document.title;
  return found;
}

describe('DocumentSpool', () => {
  it('keeps finished batches across runs; the last copy of a document wins', async () => {
    const first = await DocumentSpool.open(dir, 'query-1');
    expect(first.fresh).toBe(true);
    await first.add('entries', [entry('1ABC'), entry('2DEF')]);
    await first.add('entries', [entry('1ABC', 'revised')]);
    const again = await DocumentSpool.open(dir, 'query-1');
    expect(again.fresh).toBe(false);
    expect(again.has('entries', '2DEF')).toBe(true);
    expect(again.has('chem_comps', '2DEF')).toBe(false);
    expect(await all(again, ['1ABC', '2DEF', '9ZZZ'])).toEqual({ '1ABC': 'revised', '2DEF': '2DEF' });
  });

  it('a line cut short by a crash costs only its own batch', async () => {
    const spool = await DocumentSpool.open(dir, 'q');
    await spool.add('entries', [entry('1ABC')]);
    // A crash while writing: half a document line and half an index line.
    const [shard] = await readdir(join(dir, 'entries'));
    await appendFile(join(dir, 'entries', shard as string), '{"id":"3GHI","document":{"rcsb_');
    await appendFile(join(dir, 'index.ndjson'), '{"kind":"entries","items":[["3G');
    const resumed = await DocumentSpool.open(dir, 'q');
    expect(resumed.has('entries', '3GHI')).toBe(false);
    await resumed.add('entries', [entry('3GHI'), entry('4JKL')]);
    expect(await all(await DocumentSpool.open(dir, 'q'), ['1ABC', '3GHI', '4JKL'])).toEqual({
      '1ABC': '1ABC',
      '3GHI': '3GHI',
      '4JKL': '4JKL',
    });
  });

  it('documents asked for with another query are dropped', async () => {
    const spool = await DocumentSpool.open(dir, 'old query');
    await spool.add('entries', [entry('1ABC')]);
    await spool.completed('2026-11-01');
    const changed = await DocumentSpool.open(dir, 'new query');
    expect(changed.fresh).toBe(true);
    expect(changed.has('entries', '1ABC')).toBe(false);
    expect(changed.lastImport).toBeUndefined();
  });
});
