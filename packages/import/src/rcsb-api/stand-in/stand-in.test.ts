import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CoreChemComp } from '@rcsb/rcsb-api-tools/lib/RcsbGraphQL/Types/Yosemite/GqlTypes.js';
import { Ajv, type ValidateFunction } from 'ajv';
import {
  buildClientSchema,
  buildSchema,
  getIntrospectionQuery,
  getNamedType,
  isNonNullType,
  isObjectType,
  isScalarType,
  isSpecifiedScalarType,
  type GraphQLObjectType,
} from 'graphql';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sharedPath } from '../../../../../test-support/shared-files.ts';
import {
  loadFixtureEntries,
  readRecordedChemComps,
  servedChemComp,
  splitJsonObjects,
  type ChemCompDoc,
  type EntryDoc,
} from './fixtures.ts';
import { startStandIn, type StandIn } from './server.ts';
import e2HYV from './fixtures/entries/2HYV.json';
import e3VBT from './fixtures/entries/3VBT.json';
import e5TM0 from './fixtures/entries/5TM0.json';
import e6RKU from './fixtures/entries/6RKU.json';

// The fixtures fit the Data API's generated types (checked by the compiler, not at run time).
const TYPED_FIXTURES = [e2HYV, e3VBT, e5TM0, e6RKU] satisfies EntryDoc[];

const SUITE = 'the Data API stand-in tests';
const SDL = sharedPath('real-data/data-api/schema.graphql', SUITE);
const DW_SCHEMA = sharedPath('real-data/data-api/dw_schema', SUITE);
const NOTEBOOK = sharedPath('real-data/data-api/fetch_chemical_descriptors.ipynb', SUITE);

const LEVELS = [
  'entry',
  'polymer_entity',
  'polymer_entity_instance',
  'nonpolymer_entity',
  'assembly',
  'chem_comp',
] as const;
type Level = (typeof LEVELS)[number];

const omit = (doc: any, ...keys: string[]) =>
  Object.fromEntries(Object.entries(doc).filter(([key]) => !keys.includes(key)));

/**
 * Each stored document an entry fixture holds, as the document store keeps it: without the lists
 * of nested documents and the chem_comp joined into a non-polymer entity. Branched entities and
 * non-polymer instances have no schema among the official ones; the GraphQL test covers them.
 */
function* storedParts(entry: any): Generator<[Level, string, unknown]> {
  yield [
    'entry',
    entry.rcsb_id,
    omit(entry, 'polymer_entities', 'nonpolymer_entities', 'branched_entities', 'assemblies'),
  ];
  for (const entity of entry.polymer_entities ?? []) {
    yield ['polymer_entity', entity.rcsb_id, omit(entity, 'polymer_entity_instances')];
    for (const instance of entity.polymer_entity_instances ?? [])
      yield ['polymer_entity_instance', instance.rcsb_id, instance];
  }
  for (const entity of entry.nonpolymer_entities ?? []) {
    yield [
      'nonpolymer_entity',
      entity.rcsb_id,
      omit(entity, 'nonpolymer_entity_instances', 'nonpolymer_comp'),
    ];
    yield ['chem_comp', `${entity.rcsb_id} nonpolymer_comp`, entity.nonpolymer_comp];
  }
  for (const assembly of entry.assemblies ?? []) yield ['assembly', assembly.rcsb_id, assembly];
}

/** A selection set naming every field the values hold, at every depth. */
function selectionOf(values: unknown[]): string {
  const fields = new Map<string, unknown[]>();
  for (const value of values.flat(Infinity))
    if (value !== null && typeof value === 'object')
      for (const [name, field] of Object.entries(value))
        fields.set(name, [...(fields.get(name) ?? []), field]);
  return [...fields]
    .map(([name, found]) => {
      const objects = found.flat(Infinity).filter((v) => v !== null && typeof v === 'object');
      return objects.length > 0 ? `${name} { ${selectionOf(objects)} }` : name;
    })
    .join(' ');
}

/** The paths of the non-null fields of the schema a document leaves out, at every depth. */
function missingRequired(value: any, type: GraphQLObjectType, path: string): string[] {
  return Object.values(type.getFields()).flatMap((field) => {
    const held = value[field.name];
    if (held === undefined || held === null)
      return isNonNullType(field.type) ? [`${path}.${field.name}`] : [];
    const named = getNamedType(field.type);
    if (!isObjectType(named)) return [];
    const items: unknown[] = Array.isArray(held) ? held : [held];
    return items.flatMap((item, i) =>
      item === null
        ? []
        : missingRequired(item, named, `${path}.${field.name}${Array.isArray(held) ? `[${i}]` : ''}`),
    );
  });
}

const errorsOf = (validate: ValidateFunction, doc: unknown) => (validate(doc) ? [] : validate.errors);

/** The answer without the nulls of fields a document does not hold. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [k, withoutNulls(v)]),
  );
}

describe.skipIf(!SDL || !DW_SCHEMA || !NOTEBOOK)('the Data API stand-in', () => {
  let sdl = '';
  let entries: Record<string, EntryDoc> = {};
  let recorded: ChemCompDoc[] = [];
  let standIn: StandIn;

  beforeAll(() => {
    sdl = readFileSync(SDL!, 'utf8');
    entries = loadFixtureEntries();
    recorded = readRecordedChemComps(NOTEBOOK!);
  });
  beforeEach(async () => {
    const chemComps = Object.fromEntries(recorded.map((doc) => [servedChemComp(doc).rcsb_id, doc]));
    standIn = await startStandIn({ sdl, entries, chemComps });
  });
  afterEach(() => standIn.close());

  async function post(query: string, variables?: Record<string, unknown>) {
    const response = await fetch(standIn.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    const text = await response.text();
    const json: any =
      response.headers.get('content-type') === 'application/json' ? JSON.parse(text) : undefined;
    return { status: response.status, headers: response.headers, text, json };
  }
  const ENTRIES_QUERY = 'query($ids: [String!]!) { entries(entry_ids: $ids) { rcsb_id } }';

  describe('fixture documents', () => {
    let validators: Record<Level, ValidateFunction>;
    beforeAll(() => {
      // Dates are left unchecked: the stored documents' schema says `date` where the API answers
      // a date-time (YYYY-MM-DDT00:00:00Z), as the fixtures do.
      const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
      validators = Object.fromEntries(
        LEVELS.map((level) => {
          const { $schema: _draft04, ...schema } = JSON.parse(
            readFileSync(join(DW_SCHEMA!, `core_${level}.json`), 'utf8'),
          );
          return [level, ajv.compile(schema)];
        }),
      ) as Record<Level, ValidateFunction>;
    });

    it('are the four entries, loaded as the compiler typed them', () => {
      expect(Object.keys(entries).sort()).toEqual(['2HYV', '3VBT', '5TM0', '6RKU']);
      expect(entries).toEqual(Object.fromEntries(TYPED_FIXTURES.map((doc) => [doc.rcsb_id, doc])));
    });

    it('validate, part by part, against the official document schema of their level', () => {
      const checked = new Set<Level>();
      for (const entry of Object.values(entries))
        for (const [level, id, part] of storedParts(entry)) {
          expect({ id, errors: errorsOf(validators[level], part) }).toEqual({ id, errors: [] });
          checked.add(level);
        }
      expect([...checked].sort()).toEqual([...LEVELS].sort());
    });

    it('meet schemas that do reject a wrong document', () => {
      expect(validators.entry({ rcsb_id: '3VBT' })).toBe(false); // no rcsb_entry_info
      expect(validators.assembly({ ...entries['3VBT']!.assemblies![0], invented_field: 1 })).toBe(false);
    });

    it('are 147 recorded chem comps, which validate once served with their identifiers', () => {
      expect(recorded).toHaveLength(147);
      // A null in an answer stands for a field the stored document does not hold.
      const served = recorded.map((doc) => withoutNulls(servedChemComp(doc)) as CoreChemComp);
      expect(new Set(served.map((doc) => doc.rcsb_id)).size).toBe(147);
      for (const doc of served)
        expect({ id: doc.rcsb_id, errors: errorsOf(validators.chem_comp, doc) }).toEqual({
          id: doc.rcsb_id,
          errors: [],
        });
      expect(served[0]).toMatchObject({ rcsb_id: '001', rcsb_chem_comp_descriptor: { comp_id: '001' } });
    });
  });

  it('splits concatenated JSON objects whose strings hold braces', () => {
    expect(splitJsonObjects('{"a": "{[(x"}\n{"b": {"c": "}\\""}}\n')).toEqual([
      { a: '{[(x' },
      { b: { c: '}"' } },
    ]);
    expect(() => splitJsonObjects('{"a": 1} x')).toThrow(/outside an object/);
    expect(() => splitJsonObjects('{"a": {')).toThrow(/ends inside/);
  });

  it('passes the values of the custom scalars through unchanged', () => {
    const custom = Object.values(buildSchema(sdl).getTypeMap()).filter(
      (type) => isScalarType(type) && !isSpecifiedScalarType(type) && !type.name.startsWith('__'),
    );
    expect(custom.map((type) => type.name).sort()).toEqual(['Date', 'ObjectScalar']);
    for (const type of custom)
      if (isScalarType(type))
        for (const value of ['2012-03-21T00:00:00Z', 12, { a: [1] }])
          expect(type.serialize(value)).toBe(value);
  });

  it('answers a query of every fixture field with the fixture values', async () => {
    const ids = Object.keys(entries);
    const docs = Object.values(entries);
    const { status, json } = await post(
      `query($ids: [String!]!) { entries(entry_ids: $ids) { ${selectionOf(docs)} } }`,
      { ids },
    );
    expect(json.errors).toBeUndefined();
    expect(status).toBe(200);
    expect(withoutNulls(json.data.entries)).toEqual(docs);
    expect(standIn.invalidQueries).toBe(0);
    expect(standIn.requests).toEqual([
      { path: '/graphql', body: expect.objectContaining({ variables: { ids } }), ids, status: 200 },
    ]);
  });

  it('lets a query walk back from instances and entities to their entity and entry', async () => {
    const { json } = await post(`{ entry(entry_id: "6RKU") {
      polymer_entities { entry { rcsb_id } polymer_entity_instances { rcsb_id polymer_entity { rcsb_id } } }
      nonpolymer_entities { nonpolymer_entity_instances { nonpolymer_entity { rcsb_id } } }
      assemblies { entry { rcsb_id } } } }`);
    expect(json.errors).toBeUndefined();
    const entity = json.data.entry.polymer_entities[2];
    expect(entity.entry.rcsb_id).toBe('6RKU');
    expect(entity.polymer_entity_instances).toEqual([
      { rcsb_id: '6RKU.E', polymer_entity: { rcsb_id: '6RKU_3' } },
      { rcsb_id: '6RKU.F', polymer_entity: { rcsb_id: '6RKU_3' } },
    ]);
    expect(
      json.data.entry.nonpolymer_entities[0].nonpolymer_entity_instances[0].nonpolymer_entity.rcsb_id,
    ).toBe('6RKU_5');
    expect(json.data.entry.assemblies[0].entry.rcsb_id).toBe('6RKU');
  });

  it('answers chem_comps with the recorded documents, identifiers filled in', async () => {
    const ids = recorded.map((doc) => doc.chem_comp!.id);
    const { json } = await post(
      `query($ids: [String]!) { chem_comps(comp_ids: $ids) { rcsb_id
        chem_comp { id name formula pdbx_formal_charge formula_weight type }
        rcsb_chem_comp_descriptor { comp_id InChI InChIKey SMILES SMILES_stereo } } }`,
      { ids },
    );
    expect(json.errors).toBeUndefined();
    expect(withoutNulls(json.data.chem_comps)).toEqual(withoutNulls(recorded.map(servedChemComp)));
    expect((await post('{ chem_comp(comp_id: "ZRY") { chem_comp { formula } } }')).json.data).toEqual({
      chem_comp: { chem_comp: { formula: 'C14 H12 N4' } },
    });
  });

  it('fixtures fill every field the schema declares non-null, so no selection of them errs', () => {
    const coreEntry = buildSchema(sdl).getType('CoreEntry') as GraphQLObjectType;
    expect(Object.values(entries).flatMap((doc) => missingRequired(doc, coreEntry, doc.rcsb_id))).toEqual([]);
  });

  it('answers the introspection query with the schema', async () => {
    const { status, json } = await post(getIntrospectionQuery());
    expect(status).toBe(200);
    const schema = buildClientSchema(json.data);
    expect(Object.keys(schema.getQueryType()!.getFields())).toEqual(
      expect.arrayContaining(['entries', 'entry', 'chem_comps', 'chem_comp']),
    );
    expect(standIn.requests[0]!.ids).toEqual([]);
  });

  it('answers null for unknown ids', async () => {
    const { json } = await post(ENTRIES_QUERY, { ids: ['3VBT', '9ZZZ', '5tm0'] });
    expect(json).toEqual({ data: { entries: [{ rcsb_id: '3VBT' }, null, { rcsb_id: '5TM0' }] } });
    const single = await post(
      '{ entry(entry_id: "9ZZZ") { rcsb_id } chem_comp(comp_id: "NOPE") { rcsb_id } }',
    );
    expect(single.json).toEqual({ data: { entry: null, chem_comp: null } });
  });

  it('answers 400 to a query that does not validate, and counts it', async () => {
    const unknownField = await post('{ entries(entry_ids: ["3VBT"]) { rcsb_id resolution } }');
    expect(unknownField.status).toBe(400);
    expect(unknownField.json.errors[0].message).toMatch(
      /Cannot query field "resolution" on type "CoreEntry"/,
    );
    const syntax = await post('{ entries(entry_ids: ["3VBT"]) { rcsb_id }');
    expect(syntax.status).toBe(400);
    const badVariable = await post(ENTRIES_QUERY, { ids: 42 });
    expect(badVariable.status).toBe(400);
    expect(standIn.invalidQueries).toBe(3);
    expect(standIn.requests.map((r) => r.status)).toEqual([400, 400, 400]);
  });

  it('lists the holdings: the fixture ids, or the ids it is given', async () => {
    expect(await (await fetch(standIn.holdingsUrl)).json()).toEqual(['2HYV', '3VBT', '5TM0', '6RKU']);
    const other = await startStandIn({ sdl, entries, chemComps: {}, holdings: ['1ABC', '3VBT'] });
    try {
      expect(await (await fetch(other.holdingsUrl)).json()).toEqual(['1ABC', '3VBT']);
    } finally {
      await other.close();
    }
    expect(standIn.requests).toEqual([{ path: '/rest/v1/holdings/current/entry_ids', ids: [], status: 200 }]);
  });

  describe('faults', () => {
    it('tell the handler the path, the ids and the attempt', async () => {
      const seen: unknown[] = [];
      standIn.fault((request) => void seen.push(request));
      await post(ENTRIES_QUERY, { ids: ['3VBT', '2HYV'] });
      await post('{ chem_comp(comp_id: "ZRY") { rcsb_id } }');
      await post(ENTRIES_QUERY, { ids: ['3VBT', '2HYV'] });
      await fetch(standIn.holdingsUrl);
      expect(seen).toEqual([
        { path: '/graphql', ids: ['3VBT', '2HYV'], attempt: 1 },
        { path: '/graphql', ids: ['ZRY'], attempt: 1 },
        { path: '/graphql', ids: ['3VBT', '2HYV'], attempt: 2 },
        { path: '/rest/v1/holdings/current/entry_ids', ids: [], attempt: 1 },
      ]);
    });

    it('429 with Retry-After, then served on the next attempt', async () => {
      standIn.fault(({ attempt }) =>
        attempt === 1 ? { status: 429, headers: { 'Retry-After': '1' }, body: 'slow down' } : undefined,
      );
      const limited = await post(ENTRIES_QUERY, { ids: ['3VBT'] });
      expect([limited.status, limited.headers.get('retry-after'), limited.text]).toEqual([
        429,
        '1',
        'slow down',
      ]);
      const served = await post(ENTRIES_QUERY, { ids: ['3VBT'] });
      expect(served.json).toEqual({ data: { entries: [{ rcsb_id: '3VBT' }] } });
      expect(standIn.requests.map((r) => [r.ids, r.status])).toEqual([
        [['3VBT'], 429],
        [['3VBT'], 200],
      ]);
    });

    it('500', async () => {
      standIn.fault(() => ({ status: 500 }));
      expect((await post(ENTRIES_QUERY, { ids: ['3VBT'] })).status).toBe(500);
      expect((await fetch(standIn.holdingsUrl)).status).toBe(500);
    });

    it('a slow answer, served normally after the delay', async () => {
      standIn.fault(() => ({ delayMs: 300 }));
      const started = performance.now();
      const { json } = await post(ENTRIES_QUERY, { ids: ['2HYV'] });
      expect(performance.now() - started).toBeGreaterThanOrEqual(290);
      expect(json).toEqual({ data: { entries: [{ rcsb_id: '2HYV' }] } });
    });

    it('a dropped connection, which the client sees as a fetch error', async () => {
      standIn.fault(({ attempt }) => (attempt === 1 ? { drop: true } : undefined));
      await expect(post(ENTRIES_QUERY, { ids: ['3VBT'] })).rejects.toThrow();
      expect((await post(ENTRIES_QUERY, { ids: ['3VBT'] })).status).toBe(200);
      expect(standIn.requests.map((r) => r.status)).toEqual([0, 200]);
    });

    it('errors for some ids: partial GraphQL errors located at their index, null in their place', async () => {
      standIn.fault(() => ({ errorIds: ['6RKU', 'ZRY'] }));
      const { status, json } = await post(ENTRIES_QUERY, { ids: ['3VBT', '2HYV', '6RKU', '5TM0'] });
      expect(status).toBe(200);
      expect(json.data.entries).toEqual([
        { rcsb_id: '3VBT' },
        { rcsb_id: '2HYV' },
        null,
        { rcsb_id: '5TM0' },
      ]);
      expect(json.errors).toEqual([
        expect.objectContaining({ message: expect.stringContaining('6RKU'), path: ['entries', 2] }),
      ]);
      const single = await post('{ chem_comp(comp_id: "ZRY") { rcsb_id } }');
      expect(single.json.data).toEqual({ chem_comp: null });
      expect(single.json.errors[0].path).toEqual(['chem_comp']);
      expect(standIn.invalidQueries).toBe(0);
    });
  });
});
