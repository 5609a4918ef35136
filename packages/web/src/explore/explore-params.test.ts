import { describe, expect, it } from 'vitest';
import { exploreParamsOf, pickerResolver, withExplore } from './explore-params.ts';
import type { PickerAttribute } from '../query-builder/catalogue.ts';

const page = (text: string) => new URLSearchParams(text);

describe('the explorer’s URL', () => {
  it('reads the explore parameters alone, in their written order', () => {
    expect(exploreParamsOf(page('view=annual&by=b&attribute=a&query=%7B%7D&count=entry')).toString()).toBe(
      'attribute=a&count=entry&by=b',
    );
  });

  it('sets and removes explore parameters, keeps the scope and view, drops the old chart’s hidden series and years', () => {
    const before = page(
      'attribute=a&count=entry&dimension=years&by=b&view=annual&hide=X&from=2000&to=2010&query=q1&query=q2&label=L1&label=L2',
    );
    const after = withExplore(before, { by: undefined, count: 'polymer_entity' });
    expect(after.toString()).toBe(
      'attribute=a&count=polymer_entity&dimension=years&view=annual&query=q1&query=q2&label=L1&label=L2',
    );
  });

  it('round-trips: what is written reads back the same', () => {
    const written = withExplore(page(''), {
      attribute: 'x.y',
      dimension: 'bins',
      start: '1',
      step: '0.5',
      end: '4',
    });
    expect(withExplore(written, {}).toString()).toBe(written.toString());
    expect(exploreParamsOf(written).toString()).toBe('attribute=x.y&dimension=bins&start=1&step=0.5&end=4');
  });
});

describe('pickerResolver', () => {
  const attribute = (path: string, service: 'text' | 'text_chem'): PickerAttribute => ({
    path,
    service,
    level: service === 'text' ? 'entry' : 'mol_definition',
    type: 'string',
    contexts: ['exact-match'],
    name: `${path} (${service})`,
    group: 'g',
    unit: 'Å',
  });
  it('takes the structure attribute of a path both schemas hold, as the explore chart needs it', () => {
    const { resolve } = pickerResolver([attribute('rcsb_id', 'text_chem'), attribute('rcsb_id', 'text')]);
    expect(resolve('rcsb_id')).toEqual({
      path: 'rcsb_id',
      level: 'entry',
      type: 'string',
      contexts: ['exact-match'],
      name: 'rcsb_id (text)',
      unit: 'Å',
    });
    expect(resolve('nope')).toBeUndefined();
  });
});
