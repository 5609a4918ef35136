import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pickerAttributes, searchAttributes } from './catalogue.ts';
import { addTo, canNegate, negate, readNode, removeAt, writeNode, type BuilderNode } from './tree.ts';

const scalar = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const flags = {
  negation: fc.boolean(),
  case_sensitive: fc.boolean(),
};

/** Parameters of an attribute condition: an operator with a value of the shape it takes. */
const parameters = fc
  .oneof(
    fc.record({ operator: fc.constant('exists') }),
    fc.record({
      operator: fc.constantFrom(
        'exact_match',
        'contains_words',
        'contains_phrase',
        'equals',
        'greater',
        'less',
      ),
      value: scalar,
    }),
    fc.record({ operator: fc.constant('in'), value: fc.array(scalar, { minLength: 1, maxLength: 4 }) }),
    fc.record({
      operator: fc.constant('range'),
      value: fc.oneof(
        fc.record({ from: scalar, include_lower: fc.boolean() }, { requiredKeys: ['from'] }),
        fc.record(
          { from: scalar, to: scalar, include_lower: fc.boolean(), include_upper: fc.boolean() },
          {
            requiredKeys: ['to'],
          },
        ),
      ),
    }),
  )
  .chain((p) =>
    fc
      .record(
        {
          attribute: fc.constantFrom('exptl.method', 'rcsb_entry_info.resolution_combined', 'chem_comp.id'),
          ...flags,
        },
        {
          requiredKeys: ['attribute'],
        },
      )
      .map((rest) => ({ ...rest, ...p })),
  );

const condition = fc.record(
  {
    type: fc.constant('terminal'),
    service: fc.constantFrom('text', 'text_chem'),
    parameters,
    node_id: fc.nat(),
    label: fc.string({ maxLength: 6 }),
  },
  { requiredKeys: ['type', 'service', 'parameters'] },
);

/** Nodes the builder keeps as they are: other services, terminals without parameters, odd keys. */
const opaque = fc.oneof(
  fc.record({
    type: fc.constant('terminal'),
    service: fc.constant('full_text'),
    parameters: fc.record({ value: fc.string() }),
  }),
  fc.record({ type: fc.constant('terminal'), service: fc.constant('text') }),
  fc.record({
    type: fc.constant('terminal'),
    service: fc.constant('text'),
    parameters: fc.record({
      attribute: fc.constant('exptl.method'),
      operator: fc.constant('exists'),
      value: fc.string(),
    }),
  }),
  fc.record({ type: fc.constant('group'), logical_operator: fc.constant('not'), nodes: fc.constant([]) }),
);

const { node: generatedNode } = fc.letrec<{ node: unknown }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    condition,
    opaque,
    fc.record(
      {
        type: fc.constant('group'),
        logical_operator: fc.constantFrom('and', 'or'),
        nodes: fc.array(tie('node'), { minLength: 1, maxLength: 4 }),
        label: fc.string({ maxLength: 6 }),
      },
      { requiredKeys: ['type', 'logical_operator', 'nodes'] },
    ),
  ),
}));

/** Query nodes as the builder gets them: parsed from JSON text. */
const queryNode = generatedNode.map((node) => JSON.parse(JSON.stringify(node)) as unknown);

function countKinds(node: BuilderNode, into: Record<string, number> = {}) {
  into[node.kind] = (into[node.kind] ?? 0) + 1;
  if (node.kind === 'group') for (const child of node.children) countKinds(child, into);
  return into;
}

/** A copy without `negation: false`, which says the same as no negation. */
function withoutFalseNegation(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutFalseNegation);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key, v]) => !(key === 'negation' && v === false))
      .map(([key, v]) => [key, withoutFalseNegation(v)]),
  );
}

describe('query node ⇄ builder', () => {
  it('JSON → builder → JSON is the identity for generated query trees', () => {
    fc.assert(
      fc.property(queryNode, (node) => {
        expect(writeNode(readNode(node))).toStrictEqual(node);
      }),
      { numRuns: 400 },
    );
  });

  it('shows conditions and groups as such, and keeps the other nodes whole', () => {
    const node = {
      type: 'group',
      logical_operator: 'and',
      nodes: [
        { type: 'terminal', service: 'full_text', parameters: { value: 'kinase' } },
        {
          type: 'terminal',
          service: 'text',
          parameters: { attribute: 'rcsb_entry_info.resolution_combined', operator: 'less', value: 2 },
        },
      ],
    };
    const read = readNode(node);
    expect(countKinds(read)).toEqual({ group: 1, opaque: 1, condition: 1 });
    expect(read.kind === 'group' && read.children[0]).toMatchObject({
      kind: 'opaque',
      reason: 'a "full_text" search',
    });
  });

  it('negates a group by De Morgan: flips and/or and every terminal, twice is the identity', () => {
    fc.assert(
      fc.property(queryNode, (node) => {
        const read = readNode(node);
        if (!canNegate(read)) return;
        const negated = negate(read);
        if (read.kind === 'group' && negated.kind === 'group')
          expect(negated.operator).toBe(read.operator === 'and' ? 'or' : 'and');
        // Twice negated, a terminal's `negation: false` comes back absent: the same condition.
        expect(withoutFalseNegation(writeNode(negate(negated)))).toStrictEqual(withoutFalseNegation(node));
      }),
      { numRuns: 200 },
    );
  });

  it('adds to the root (wrapping a lone condition in an and-group) and removes empty groups', () => {
    const a = readNode({
      type: 'terminal',
      service: 'text',
      parameters: { attribute: 'a', operator: 'exists' },
    });
    const b = readNode({
      type: 'terminal',
      service: 'text',
      parameters: { attribute: 'b', operator: 'exists' },
    });
    expect(addTo(undefined, [], a)).toBe(a);
    const both = addTo(a, [], b);
    expect(both).toEqual({ kind: 'group', operator: 'and', children: [a, b] });
    const nested = addTo(both, [], { kind: 'group', operator: 'or', children: [a] });
    expect(removeAt(nested, [2, 0])).toEqual(both);
    expect(removeAt(removeAt(both, [0])!, [0])).toBeUndefined();
  });
});

describe('the attribute picker over a metadata schema', () => {
  const schema = {
    type: 'object',
    properties: {
      exptl: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            method: {
              type: 'string',
              description: 'The method used in the experiment.',
              rcsb_description: [{ text: 'Experimental Method', context: 'brief' }],
              rcsb_search_group: [{ group_name: 'Methods', priority_order: 1 }],
              rcsb_search_context: ['exact-match'],
              enum: ['X-RAY DIFFRACTION', 'SOLUTION NMR'],
              rcsb_object_level: 'entry',
            },
          },
        },
      },
      rcsb_entry_info: {
        type: 'object',
        properties: {
          resolution_combined: {
            type: 'array',
            items: {
              type: 'number',
              rcsb_description: [{ text: 'rcsb_entry_info.resolution_combined', context: 'brief' }],
              rcsb_search_context: ['default-match'],
              rcsb_units: 'angstroms',
              rcsb_object_level: 'entry',
            },
          },
        },
      },
      rcsb_polymer_entity: {
        type: 'object',
        properties: {
          formula_weight: {
            type: 'number',
            description: 'Polymer entity formula weight',
            rcsb_search_context: ['default-match'],
            rcsb_units: 'kilodaltons',
            rcsb_object_level: 'polymer_entity',
          },
          suggest_only: { type: 'string', rcsb_search_context: ['suggest'] },
        },
      },
    },
  };
  const chemical = {
    type: 'object',
    properties: {
      chem_comp: {
        type: 'object',
        properties: {
          formula_weight: { type: 'number', rcsb_search_context: ['default-match'], rcsb_units: 'daltons' },
        },
      },
    },
  };
  const attributes = pickerAttributes(schema, chemical);

  it('lists the searchable leaves with name, group, level, unit symbol and allowed values', () => {
    expect(attributes.map((a) => [a.path, a.service, a.level, a.group, a.unit])).toEqual([
      ['exptl.method', 'text', 'entry', 'Methods', undefined],
      ['rcsb_entry_info.resolution_combined', 'text', 'entry', 'Entry attributes', 'Å'],
      ['rcsb_polymer_entity.formula_weight', 'text', 'polymer_entity', 'Polymer entity attributes', 'kDa'],
      ['chem_comp.formula_weight', 'text_chem', 'mol_definition', 'Chemical component attributes', 'Da'],
    ]);
    expect(attributes[0]).toMatchObject({
      name: 'Experimental method',
      values: ['X-RAY DIFFRACTION', 'SOLUTION NMR'],
    });
    expect(attributes[1]!.name).toBe('Resolution');
  });

  it('finds attributes by name, path and description words, grouped, best matches first', () => {
    expect(searchAttributes(attributes, 'resol').groups).toEqual([
      { name: 'Entry attributes', attributes: [attributes[1]] },
    ]);
    expect(searchAttributes(attributes, 'used experiment').groups.map((g) => g.name)).toEqual(['Methods']);
    const weight = searchAttributes(attributes, 'formula weight');
    expect(weight.total).toBe(2);
    expect(searchAttributes(attributes, 'nothing like this').total).toBe(0);
  });
});
