import { describe, expect, it } from 'vitest';
import { fieldSteps, lineOf, locateField, syntaxErrorOffset, jsonFault } from './json-locate.ts';

const request = {
  query: {
    type: 'group',
    logical_operator: 'and',
    nodes: [{ type: 'terminal', service: 'text', parameters: { attribute: 'foo', operator: 'exact_match' } }],
  },
  return_type: 'entry',
  request_options: { facets: [{ name: 'a', aggregation_type: 'terms', attribute: 'bar' }] },
};
const text = JSON.stringify(request, null, 2);
const at = (field: string) => {
  const found = locateField(text, field);
  return found && { text: text.slice(found.span.start, found.span.end), exact: found.exact };
};

describe(`${fieldSteps.name}`, () => {
  it('splits keys and array items', () => {
    expect(fieldSteps('request_options.facets[0].attribute')).toEqual([
      'request_options',
      'facets',
      0,
      'attribute',
    ]);
    expect(fieldSteps('')).toEqual([]);
  });
});

describe(`${locateField.name}`, () => {
  it('finds a member with its key', () => {
    expect(at('query.nodes[0].parameters.attribute')).toEqual({ text: '"attribute": "foo"', exact: true });
    expect(at('request_options.facets[0].attribute')).toEqual({ text: '"attribute": "bar"', exact: true });
    expect(at('return_type')).toEqual({ text: '"return_type": "entry"', exact: true });
  });

  it('finds an array item and a whole container', () => {
    expect(at('query.nodes[0]')?.text.startsWith('{\n')).toBe(true);
    expect(JSON.parse(at('query.nodes[0]')!.text)).toEqual(request.query.nodes[0]);
    expect(at('request_options')?.text.startsWith('"request_options": {')).toBe(true);
  });

  it('falls back to the nearest parent of a missing field', () => {
    const found = at('query.nodes[0].parameters.value');
    expect(found?.exact).toBe(false);
    expect(found?.text.startsWith('"parameters": {')).toBe(true);
    expect(at('query.nodes[3]')?.text.startsWith('"nodes": [')).toBe(true);
  });

  it('gives the whole text for an empty field and nothing for invalid JSON', () => {
    expect(at('')).toEqual({ text, exact: true });
    expect(locateField('{"a": ', 'a')).toBeUndefined();
  });

  it('reads escaped keys and strings', () => {
    const tricky = '{"a\\"b": "x\\"]}", "c": [1, {"d": true}]}';
    const found = locateField(tricky, 'c[1].d')!;
    expect(tricky.slice(found.span.start, found.span.end)).toBe('"d": true');
  });
});

describe(`${lineOf.name} and ${syntaxErrorOffset.name}`, () => {
  it('count lines from 1', () => {
    expect(lineOf('a\nb\nc', 0)).toBe(1);
    expect(lineOf('a\nb\nc', 4)).toBe(3);
  });

  it('read positions from JSON.parse messages', () => {
    const broken = '{\n  "a": 1,\n  }';
    let message = '';
    try {
      JSON.parse(broken);
    } catch (error) {
      message = (error as Error).message;
    }
    const offset = syntaxErrorOffset(broken, message);
    expect(offset).toBeGreaterThan(8);
    expect(syntaxErrorOffset(broken, 'Unexpected token } in JSON at position 14')).toBe(14);
    expect(syntaxErrorOffset('a\nbcd', 'Unexpected (line 2 column 3)')).toBe(4);
  });
});

describe('jsonFault', () => {
  it('says what is wrong in plain words, with its line and column', () => {
    expect(jsonFault('{"a": 1}')).toBeUndefined();
    expect(jsonFault('{\n  "a": 1\n  "b": 2\n}')).toEqual({
      reason: 'a comma or a closing } is missing after a value',
      at: { offset: 13, line: 3, column: 3 },
    });
    expect(jsonFault('{"a": [1,]}')).toMatchObject({ at: { line: 1, column: 10 } });
    expect(jsonFault('{"a": 1,\n}')).toMatchObject({
      reason: 'a property name in double quotes is expected here (a comma too many?)',
      at: { line: 2, column: 1 },
    });
    expect(jsonFault('{"a": [1')).toMatchObject({ reason: expect.stringMatching(/missing/) });
  });
});
