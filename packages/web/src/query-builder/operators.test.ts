import {
  CATALOGUE,
  OPERATORS,
  RequestValidationError,
  validateSearchRequest,
  type CatalogueAttribute,
  type Operator,
} from '@pdb-stats/search-model';
import { describe, expect, it } from 'vitest';
import { catalogueAttribute, operatorsOf, type PickerAttribute } from './catalogue.ts';
import { conditionOf, draftOf, type ConditionDraft } from './condition-draft.ts';
import { writeNode } from './tree.ts';

/**
 * The operators by attribute kind, as the search service's specification tables them. Two additions
 * come from the Search API contract: `exists` applies to every attribute, and numbers and dates also
 * take `in`. The table's `range_closed` was removed in v2 (it is a `range` with both bounds included).
 */
const SPEC_TABLE: Record<string, readonly Operator[]> = {
  'number, integer, date': ['equals', 'greater', 'less', 'greater_or_equal', 'less_or_equal', 'range'],
  'enumerated or identifier string': ['in', 'exact_match'],
  'free-text string': ['contains_phrase', 'contains_words'],
  'string with both exact and text contexts': ['in', 'exact_match', 'contains_phrase', 'contains_words'],
};
const CONTRACT_ADDITIONS: Record<string, readonly Operator[]> = {
  'number, integer, date': ['in', 'exists'],
  'enumerated or identifier string': ['exists'],
  'free-text string': ['exists'],
  'string with both exact and text contexts': ['exists'],
};

function kindOf(attribute: CatalogueAttribute): string {
  if (attribute.type !== 'string') return 'number, integer, date';
  const exact = attribute.contexts.includes('exact-match');
  const text = attribute.contexts.includes('full-text');
  if (exact && text) return 'string with both exact and text contexts';
  return exact ? 'enumerated or identifier string' : 'free-text string';
}

function pickerOf(attribute: CatalogueAttribute): PickerAttribute {
  const service = attribute.level === 'mol_definition' ? 'text_chem' : 'text';
  return catalogueAttribute(attribute.path, service, attribute.level)!;
}

/** A draft of an operator filled with a value of the attribute's type. */
function filledDraft(attribute: PickerAttribute, operator: Operator): ConditionDraft {
  const sample = { integer: '3', number: '2.5', date: '2020-01-01', string: 'word' }[attribute.type];
  return {
    ...draftOf(undefined, attribute),
    operator,
    value: sample,
    from: sample,
    to: sample,
    values: [sample],
  };
}

function validate(attribute: PickerAttribute, node: unknown) {
  return validateSearchRequest({
    query: node,
    return_type: attribute.service === 'text_chem' ? 'mol_definition' : attribute.level,
  });
}

// One attribute per kind, type and level: the catalogue has about 750, and each kind behaves alike.
const SAMPLES = [
  ...new Map(
    CATALOGUE.filter((a) => a.contexts.some((c) => c !== 'suggest')).map((a) => [
      `${kindOf(a)}|${a.type}|${a.level}|${a.multi}`,
      a,
    ]),
  ).values(),
];

describe('the builder offers the operators of the specification table per attribute kind', () => {
  it('covers every kind and every scalar type of the catalogue', () => {
    expect(new Set(SAMPLES.map(kindOf))).toEqual(new Set(Object.keys(SPEC_TABLE)));
    expect(new Set(SAMPLES.map((a) => a.type))).toEqual(new Set(['string', 'integer', 'number', 'date']));
  });

  it.each(SAMPLES.map((a) => [`${a.path} (${a.type}, ${a.contexts.join('+')}, ${a.level})`, a] as const))(
    '%s',
    (_, catalogued) => {
      const attribute = pickerOf(catalogued);
      const kind = kindOf(catalogued);
      const expected = new Set([...SPEC_TABLE[kind]!, ...CONTRACT_ADDITIONS[kind]!]);
      const offered = operatorsOf(attribute);
      expect(new Set(offered)).toEqual(expected);
      // Every offered operator makes a condition the service accepts…
      for (const operator of offered) {
        const condition = conditionOf(filledDraft(attribute, operator));
        expect(condition, operator).toMatchObject({ kind: 'condition', operator });
        expect(() => validate(attribute, writeNode(condition as never)), operator).not.toThrow();
      }
      // …and every other operator is one the service refuses on this attribute.
      for (const operator of OPERATORS.filter((o) => !expected.has(o))) {
        expect(conditionOf(filledDraft(attribute, operator)), operator).toMatchObject({ field: 'operator' });
        const node = {
          type: 'terminal',
          service: attribute.service,
          parameters: { attribute: attribute.path, operator, value: 'word' },
        };
        expect(() => validate(attribute, node), operator).toThrow(RequestValidationError);
      }
    },
  );
});

describe('a draft is read into a condition, or names the input at fault', () => {
  const resolution = pickerOf(CATALOGUE.find((a) => a.path === 'rcsb_entry_info.resolution_combined')!);
  const count = pickerOf(CATALOGUE.find((a) => a.path === 'rcsb_entry_info.deposited_atom_count')!);

  it('reads numbers, ranges with their inclusive flags, and lists', () => {
    expect(conditionOf({ ...draftOf(undefined, resolution), operator: 'less', value: ' 2 ' })).toEqual({
      kind: 'condition',
      service: 'text',
      attribute: 'rcsb_entry_info.resolution_combined',
      operator: 'less',
      value: 2,
    });
    const range = { ...draftOf(undefined, resolution), operator: 'range' as const, from: '1.5', to: '3' };
    expect(conditionOf({ ...range, includeUpper: false })).toMatchObject({
      value: { from: 1.5, to: 3, include_lower: true, include_upper: false },
    });
    expect(conditionOf({ ...range, to: '' })).toMatchObject({ value: { from: 1.5, include_lower: true } });
  });

  it('names the field and the reason of a value that does not fit', () => {
    const base = draftOf(undefined, count);
    expect(conditionOf({ ...base, operator: 'equals', value: 'two' })).toEqual({
      field: 'value',
      message: 'Value: enter a number',
    });
    expect(conditionOf({ ...base, operator: 'equals', value: '2.5' })).toEqual({
      field: 'value',
      message: 'Value: enter a whole number',
    });
    expect(conditionOf({ ...base, operator: 'range', from: '9', to: '3' })).toMatchObject({ field: 'to' });
    expect(conditionOf({ ...base, operator: 'range' })).toMatchObject({ field: 'from' });
    expect(conditionOf({ ...base, operator: 'in', values: [] })).toMatchObject({ field: 'values' });
    expect(conditionOf(draftOf())).toMatchObject({ field: 'attribute' });
  });
});
