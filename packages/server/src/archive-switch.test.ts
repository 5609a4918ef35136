import { describe, expect, it } from 'vitest';
import { AttributeSet, type PlannedRequest } from '@pdb-stats/search-model';
import { ArchiveSwitch, type ServedArchive } from './archive-switch.ts';

/** An archive whose searches end when the test says so, recording what happened to it. */
function archive(dir: string, events: string[]) {
  const waiting: Array<() => void> = [];
  const served: ServedArchive = {
    dir,
    source: {
      held: new AttributeSet([]),
      version: `v-${dir}`,
      lifetime: 'archive',
      search: () => {
        events.push(`search ${dir}`);
        return new Promise<string>((resolve) => waiting.push(() => resolve(dir)));
      },
      archiveInfo: () => ({ dir }),
      close: async () => void events.push(`close source ${dir}`),
    },
    documents: {
      lookup: async () => [{ identifier: dir }],
      close: async () => void events.push(`close documents ${dir}`),
    },
  };
  return { served, finishAll: () => waiting.splice(0).forEach((finish) => finish()) };
}

const plan = {} as PlannedRequest;

describe('ArchiveSwitch', () => {
  it('switches between requests: one running stays on the old archive, which is closed after it', async () => {
    const events: string[] = [];
    const a = archive('a', events);
    const b = archive('b', events);
    let linked = 'a';
    const switches = new ArchiveSwitch(a.served, {
      resolve: async () => linked,
      open: async () => b.served,
      onSwitch: (phase, from, to) => events.push(`${phase} ${from.dir}->${to.dir}`),
    });
    const running = switches.source.search(plan, '{}', {}, 'light');
    linked = 'b';
    const reloaded = switches.reload();
    // Coalesced: a second signal during the reload rides on it.
    expect(switches.reload()).toBe(reloaded);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(switches.source.version).toBe('v-b');
    expect(await switches.documents.lookup('entry', ['x'])).toEqual([{ identifier: 'b' }]);
    expect(events).toEqual(['search a', 'switched a->b']);
    a.finishAll();
    expect(await running).toBe('a');
    expect(await reloaded).toEqual({ switched: true, from: 'a', to: 'b' });
    expect(events.slice(2)).toEqual(['close source a', 'close documents a', 'released a->b']);
    expect(await switches.reload()).toEqual({ switched: false, dir: 'b' });
    await switches.source.close();
    expect(events.slice(-2)).toEqual(['close source b', 'close documents b']);
  });

  it('keeps serving the old archive when the new one does not open', async () => {
    const events: string[] = [];
    const a = archive('a', events);
    const switches = new ArchiveSwitch(a.served, {
      resolve: async () => 'broken',
      open: async () => {
        throw new Error('no manifest.json');
      },
    });
    await expect(switches.reload()).rejects.toThrow('no manifest.json');
    expect(switches.served.dir).toBe('a');
    expect(events).toEqual([]);
  });
});
