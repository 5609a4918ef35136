import { readScope } from '@pdb-stats/charts';
import { describe, expect, it } from 'vitest';
import {
  binsToComplete,
  completedExplore,
  exploreParamsOf,
  pickerResolver,
  withExplore,
} from './explore-params.ts';
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

  it('keeps the bars in percent of each bar while the segments change from stacked to side by side', () => {
    const stacked = page(
      'attribute=a&dimension=bins&start=1&step=1&end=3&by=b&stack=stacked&measure=percent',
    );
    const grouped = withExplore(stacked, { stack: 'grouped' });
    expect(grouped.toString()).toBe(
      'attribute=a&dimension=bins&start=1&step=1&end=3&by=b&stack=grouped&measure=percent',
    );
    expect(readScope(grouped).measure).toBe('percent');
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

describe('completedExplore', () => {
  const resolution: PickerAttribute = {
    path: 'rcsb_entry_info.resolution_combined',
    service: 'text',
    level: 'entry',
    type: 'number',
    contexts: [],
    name: 'Resolution',
    group: 'g',
    unit: 'Å',
    min: 0.5,
    max: 10,
  };
  const method: PickerAttribute = {
    ...resolution,
    path: 'exptl.method',
    type: 'string',
    contexts: ['exact-match'],
  };
  const picker = (path: string) => [resolution, method].find((a) => a.path === path);

  it('writes out a link naming only a number: counted level, bins from its known range; the rest kept', () => {
    const completed = completedExplore(
      page('attribute=rcsb_entry_info.resolution_combined&view=annual&from=2000'),
      picker,
    );
    expect(completed?.toString()).toBe(
      'attribute=rcsb_entry_info.resolution_combined&count=entry&dimension=bins&start=0.5&step=0.5&end=10&view=annual&from=2000',
    );
    expect(completedExplore(completed!, picker)).toBeUndefined();
  });

  it('writes the bins read off the values when given them', () => {
    const completed = completedExplore(page('attribute=rcsb_entry_info.resolution_combined'), picker, {
      start: 1,
      step: 0.2,
      end: 4.6,
    });
    expect(completed?.toString()).toBe(
      'attribute=rcsb_entry_info.resolution_combined&count=entry&dimension=bins&start=1&step=0.2&end=4.6',
    );
  });

  it('gives terms their top, and leaves a half-written set of bins to be reported', () => {
    expect(completedExplore(page('attribute=exptl.method'), picker)?.toString()).toBe(
      'attribute=exptl.method&count=entry&dimension=terms&top=25',
    );
    expect(
      completedExplore(
        page('attribute=rcsb_entry_info.resolution_combined&count=entry&dimension=bins&step=1'),
        picker,
      ),
    ).toBeUndefined();
  });

  it('writes out how the segments of a second attribute are drawn (stacked), never on years', () => {
    expect(
      completedExplore(
        page('attribute=exptl.method&by=rcsb_entry_info.resolution_combined'),
        picker,
      )?.toString(),
    ).toBe(
      'attribute=exptl.method&count=entry&dimension=terms&top=25&by=rcsb_entry_info.resolution_combined&stack=stacked',
    );
    expect(
      completedExplore(
        page(
          'attribute=exptl.method&count=entry&dimension=terms&top=25&by=rcsb_entry_info.resolution_combined&stack=grouped',
        ),
        picker,
      ),
    ).toBeUndefined();
  });

  it('leaves unknown attributes and dimensions to the reading', () => {
    expect(completedExplore(page('attribute=no.such'), picker)).toBeUndefined();
    expect(completedExplore(page('attribute=exptl.method&dimension=bins'), picker)).toBeUndefined();
    // Nor are bins read for it: the page reports the dimension instead of waiting for them.
    expect(binsToComplete(page('attribute=exptl.method&dimension=bins'), method)).toBe(false);
    expect(binsToComplete(page('attribute=rcsb_entry_info.resolution_combined'), resolution)).toBe(true);
  });
});

describe('a builder form sent without scripts', () => {
  const attribute = (path: string, type: 'string' | 'number', level: 'entry' | 'polymer_entity') =>
    ({
      path,
      service: 'text',
      level,
      type,
      contexts: ['exact-match'],
      name: path,
      group: 'g',
    }) as PickerAttribute;
  const attributes = [
    attribute('res', 'number', 'entry'),
    attribute('method', 'string', 'entry'),
    attribute('poly', 'string', 'polymer_entity'),
  ];
  const { picker } = pickerResolver(attributes);
  const chosen = (text: string) => completedExplore(page(text), picker)?.toString();

  it('starts a new attribute afresh, keeping the scope', () => {
    expect(
      chosen('query=q&attribute=method&count=entry&dimension=bins&start=1&step=1&end=3&previous=res'),
    ).toBe('attribute=method&count=entry&dimension=terms&top=25&query=q');
  });

  it('keeps the bins when what is counted changes, and drops the numbers of another grouping', () => {
    expect(chosen('attribute=res&count=entry&dimension=bins&start=1&step=1&end=3&previous=res')).toBe(
      'attribute=res&count=entry&dimension=bins&start=1&step=1&end=3',
    );
    expect(chosen('attribute=method&count=entry&dimension=terms&start=1&step=1&end=3&previous=method')).toBe(
      'attribute=method&count=entry&dimension=terms&top=25',
    );
  });

  it('drops an empty "Stack by" and segments without it; completes those of a new one', () => {
    expect(
      chosen('attribute=method&count=entry&dimension=terms&top=5&by=&stack=stacked&previous=method'),
    ).toBe('attribute=method&count=entry&dimension=terms&top=5');
    expect(chosen('attribute=method&count=entry&dimension=terms&top=5&by=poly&previous=method')).toBe(
      'attribute=method&count=entry&dimension=terms&top=5&by=poly&stack=stacked',
    );
  });

  it('leaves any other address to be read as it is', () => {
    expect(chosen('attribute=method&count=entry&dimension=terms&top=5&start=1')).toBeUndefined();
  });
});
