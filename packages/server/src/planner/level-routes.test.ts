import { describe, expect, it } from 'vitest';
import { route, routeMerges } from './level-routes.ts';

const steps = (from: Parameters<typeof route>[0], to: Parameters<typeof route>[1]) =>
  route(from, to).map((h) => `${h.direction} ${h.to} by ${h.link}`);

describe(`${route.name}`, () => {
  it('stays put on the same level', () => {
    expect(route('entry', 'entry')).toEqual([]);
  });

  it('entities and instances meet directly, both ways', () => {
    expect(steps('polymer_instance', 'polymer_entity')).toEqual(['up polymer_entity by _entity_key']);
    expect(steps('polymer_entity', 'polymer_instance')).toEqual(['down polymer_instance by _entity_key']);
  });

  it('children reach their entry in one step, and go down from it', () => {
    expect(steps('polymer_instance', 'entry')).toEqual(['up entry by _entry_key']);
    expect(steps('entry', 'assembly')).toEqual(['down assembly by _entry_key']);
  });

  it('assemblies and entities meet through the entry', () => {
    expect(steps('polymer_entity', 'assembly')).toEqual([
      'up entry by _entry_key',
      'down assembly by _entry_key',
    ]);
    expect(steps('assembly', 'polymer_instance')).toEqual([
      'up entry by _entry_key',
      'down polymer_instance by _entry_key',
    ]);
  });

  it('chemical components reach entries through their non-polymer entities', () => {
    expect(steps('mol_definition', 'non_polymer_entity')).toEqual(['down non_polymer_entity by _chem_key']);
    expect(steps('mol_definition', 'entry')).toEqual([
      'down non_polymer_entity by _chem_key',
      'up entry by _entry_key',
    ]);
    expect(steps('polymer_entity', 'mol_definition')).toEqual([
      'up entry by _entry_key',
      'down non_polymer_entity by _entry_key',
      'up mol_definition by _chem_key',
    ]);
  });

  it('knows when one target object stands for several source objects', () => {
    expect(routeMerges('polymer_entity', 'entry')).toBe(true);
    expect(routeMerges('entry', 'polymer_entity')).toBe(false);
    expect(routeMerges('mol_definition', 'entry')).toBe(true);
  });
});
