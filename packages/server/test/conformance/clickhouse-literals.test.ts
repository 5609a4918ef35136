import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { clickHouseLiteral } from '../../src/planner/index.ts';
import { ClickHouseNode } from '../../src/engine/clickhouse/http-client.ts';
import { clusterEnv } from '../support/clickhouse-cluster.ts';
import { HOSTILE_STRINGS } from '../support/hostile-strings.ts';

/**
 * The literals the ClickHouse dialect inlines, read by the real server: every string comes back
 * byte for byte, every double bit for bit (hex of what the server holds).
 */

const cluster = clusterEnv();
const node = cluster && new ClickHouseNode(cluster.shards[0]!);

const hexOfText = (text: string) => Buffer.from(text, 'utf8').toString('hex').toUpperCase();
const hexOfDouble = (value: number) => {
  const bytes = Buffer.alloc(8);
  bytes.writeDoubleLE(value);
  // reinterpretAsString drops trailing zero bytes.
  return bytes
    .toString('hex')
    .toUpperCase()
    .replace(/(00)+$/, '');
};

describe.skipIf(!node)('literals read by ClickHouse 18.16', () => {
  it('strings, hostile ones included, arrive unchanged', async () => {
    const generated = fc.sample(
      fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' })),
      1500,
    );
    const texts = [...HOSTILE_STRINGS, ...generated];
    for (let i = 0; i < texts.length; i += 250) {
      const batch = texts.slice(i, i + 250);
      const [row] = await node!.rows(
        `SELECT ${batch.map((t) => `hex(${clickHouseLiteral(t, 'string')})`).join(', ')}`,
      );
      expect(row).toEqual(batch.map(hexOfText));
    }
  });

  it('doubles arrive bit for bit, subnormal and extreme ones included', async () => {
    const special = [
      0,
      1.5,
      -2.5e-7,
      0.1,
      5e-324,
      -5e-324,
      2.2250738585072014e-308,
      1.7976931348623157e308,
      1e-300,
      9.99e-301,
      1e300,
      2 ** 60,
    ];
    const generated = fc
      .sample(fc.double({ noNaN: true, noDefaultInfinity: true }), 1500)
      .filter((x) => !Object.is(x, -0));
    const values = [...special, ...generated];
    for (let i = 0; i < values.length; i += 250) {
      const batch = values.slice(i, i + 250);
      const [row] = await node!.rows(
        `SELECT ${batch.map((v) => `hex(reinterpretAsString(${clickHouseLiteral(v, 'number')}))`).join(', ')}`,
      );
      expect(row).toEqual(batch.map(hexOfDouble));
    }
  });
});
