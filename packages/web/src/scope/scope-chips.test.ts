import { describe, expect, it } from 'vitest';
import type { QueryNode, TerminalNode } from '@pdb-stats/search-model';
import { ApiError } from '../api/search-client.ts';
import { operatorsOf } from '../query-builder/catalogue.ts';
import { listOf, terminalOf, withOperator } from '../query-builder/condition-draft.ts';
import { summarizeNode } from '@pdb-stats/charts/request-summary';
import { chipDraft } from './chip-draft.ts';
import { scopeChips as chipsOf, withChip, withoutChip } from './scope-chips.ts';
import { scopeRefusal } from './scope-refusal.ts';

const text = (attribute: string, operator: string, value?: unknown, negation?: boolean): TerminalNode =>
  ({
    type: 'terminal',
    service: 'text',
    parameters: { attribute, operator, ...(value !== undefined && { value }), ...(negation && { negation }) },
  }) as TerminalNode;
const group = (logical_operator: 'and' | 'or', ...nodes: QueryNode[]): QueryNode => ({
  type: 'group',
  logical_operator,
  nodes,
});

const scopeChips = (scope: QueryNode) => chipsOf(scope, summarizeNode);

const RESOLUTION = text('rcsb_entry_info.resolution_combined', 'less', 2);
const HUMAN = text('rcsb_entity_source_organism.ncbi_scientific_name', 'exact_match', 'Homo sapiens');
const RELEASED = text('rcsb_accession_info.initial_release_date', 'range', {
  from: '2015-01-01',
  to: '2020-12-31',
  include_lower: true,
  include_upper: true,
});
const METHODS = group(
  'or',
  text('exptl.method', 'exact_match', 'X-RAY DIFFRACTION'),
  text('exptl.method', 'exact_match', 'ELECTRON MICROSCOPY'),
);

describe('the scope as chips', () => {
  it('has one chip per condition of a top-level and group, in short words, with the sentence', () => {
    const chips = scopeChips(group('and', RESOLUTION, HUMAN, RELEASED));
    expect(chips.map((chip) => chip.text)).toEqual([
      'Resolution < 2 Å',
      'Source organism: Homo sapiens',
      'Released 2015–2020',
    ]);
    expect(chips.map((chip) => chip.sentence)).toEqual([
      'Resolution below 2 Å',
      'Source organism “Homo sapiens”',
      'Release date from 2015-01-01 to 2020-12-31',
    ]);
  });

  it('shows an or group, a negation and a single condition as one chip with its summary', () => {
    expect(scopeChips(METHODS).map((chip) => chip.text)).toEqual([
      'Experimental method: X-RAY DIFFRACTION or ELECTRON MICROSCOPY',
    ]);
    expect(scopeChips(group('and', METHODS, text('exptl.method', 'exact_match', 'X', true)))).toHaveLength(2);
    expect(scopeChips(HUMAN)).toEqual([
      { node: HUMAN, text: 'Source organism: Homo sapiens', sentence: 'Source organism “Homo sapiens”' },
    ]);
  });

  it('removes a chip; the last one removed leaves the whole archive', () => {
    const scope = group('and', RESOLUTION, HUMAN, RELEASED);
    expect(withoutChip(scope, 1)).toEqual(group('and', RESOLUTION, RELEASED));
    // A group of one stays a group: its meaning does not change.
    expect(withoutChip(group('and', RESOLUTION, HUMAN), 0)).toEqual(group('and', HUMAN));
    expect(withoutChip(HUMAN, 0)).toBeUndefined();
    expect(withoutChip(group('and', HUMAN), 0)).toBeUndefined();
    expect(withoutChip(METHODS, 0)).toBeUndefined();
  });

  it('replaces a chip', () => {
    const scope = group('and', RESOLUTION, HUMAN);
    expect(withChip(scope, 0, RELEASED)).toEqual(group('and', RELEASED, HUMAN));
    expect(withChip(HUMAN, 0, RESOLUTION)).toEqual(RESOLUTION);
  });
});

describe("editing a condition in place, with the query builder's draft", () => {
  const draftOf = (node: QueryNode) => {
    const draft = chipDraft(node);
    if (!draft) throw new Error('no draft');
    return draft;
  };

  it('offers the operators the attribute allows', () => {
    expect(operatorsOf(draftOf(text('exptl.method', 'exact_match', 'X')).attribute!)).toEqual([
      'exact_match',
      'in',
      'exists',
    ]);
    expect(operatorsOf(draftOf(RESOLUTION).attribute!)).toContain('range');
  });

  it('edits a number: operator and value, the number read as a number', () => {
    const draft = draftOf(RESOLUTION);
    expect(draft).toMatchObject({ operator: 'less', value: '2', negation: false });
    expect(draft.attribute).toMatchObject({ name: 'Resolution', unit: 'Å', type: 'number' });
    expect(terminalOf({ ...draft, operator: 'less_or_equal', value: '2.5' })).toEqual(
      text('rcsb_entry_info.resolution_combined', 'less_or_equal', 2.5),
    );
  });

  it('says what is wrong with a value instead of sending it', () => {
    expect(terminalOf({ ...draftOf(RESOLUTION), value: 'two' })).toEqual({
      field: 'value',
      message: 'Value: enter a number',
    });
    expect(terminalOf({ ...draftOf(RELEASED), from: '2015-13-45' })).toMatchObject({ field: 'from' });
  });

  it('edits a range, keeping the inclusion of its bounds', () => {
    const draft = draftOf(RELEASED);
    expect(draft).toMatchObject({ from: '2015-01-01', to: '2020-12-31' });
    expect(terminalOf({ ...draft, from: '2010-01-01' })).toMatchObject({
      parameters: {
        value: { from: '2010-01-01', to: '2020-12-31', include_lower: true, include_upper: true },
      },
    });
    const open = text('rcsb_entry_info.resolution_combined', 'range', {
      from: 1,
      to: 2,
      include_lower: true,
      include_upper: false,
    });
    expect(terminalOf({ ...draftOf(open), to: '2.5' })).toEqual(
      text('rcsb_entry_info.resolution_combined', 'range', {
        from: 1,
        to: 2.5,
        include_lower: true,
        include_upper: false,
      }),
    );
  });

  it('carries the value typed over to another operator', () => {
    expect(withOperator(draftOf(RESOLUTION), 'range')).toMatchObject({ operator: 'range', from: '2' });
    expect(withOperator(draftOf(HUMAN), 'in')).toMatchObject({ values: ['Homo sapiens'] });
    expect(withOperator(draftOf(RELEASED), 'greater')).toMatchObject({ value: '2015-01-01' });
  });

  it('edits values of in (typed with commas), negation, and exists without a value', () => {
    const draft = draftOf(HUMAN);
    expect(terminalOf({ ...draft, operator: 'in', values: listOf('Homo sapiens, Mus musculus,') })).toEqual(
      text('rcsb_entity_source_organism.ncbi_scientific_name', 'in', ['Homo sapiens', 'Mus musculus']),
    );
    expect(terminalOf({ ...draft, negation: true })).toMatchObject({ parameters: { negation: true } });
    expect(terminalOf({ ...draft, operator: 'exists' })).toEqual(
      text('rcsb_entity_source_organism.ncbi_scientific_name', 'exists'),
    );
  });

  it('edits groups, searches without an attribute and unknown attributes as JSON', () => {
    expect(chipDraft(HUMAN)).toBeDefined();
    expect(chipDraft(METHODS)).toBeUndefined();
    expect(chipDraft({ type: 'terminal', service: 'full_text', parameters: undefined })).toBeUndefined();
    expect(chipDraft(text('no.such_attribute', 'exact_match', 'x'))).toBeUndefined();
  });
});

describe('the service refusing a scope', () => {
  const refusal = (field: string) =>
    new ApiError(`400 ${field}: bad`, 400, { status: 400, field, message: `${field}: bad` });
  it('is a 400 naming the query of a scoped request', () => {
    expect(scopeRefusal(refusal('query.parameters.attribute'), HUMAN)).toBe(
      '400 query.parameters.attribute: bad',
    );
    expect(scopeRefusal(refusal('query.nodes[1].parameters.value'), HUMAN)).toBeDefined();
  });
  it('is not a 400 about the facets, an unscoped request, or another error', () => {
    expect(scopeRefusal(refusal('request_options.facets[0].attribute'), HUMAN)).toBeUndefined();
    expect(scopeRefusal(refusal('query.parameters.attribute'), undefined)).toBeUndefined();
    expect(scopeRefusal(new ApiError('500 boom', 500), HUMAN)).toBeUndefined();
  });
});
