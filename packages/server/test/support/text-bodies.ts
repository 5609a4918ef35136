import fc from 'fast-check';

/**
 * Request bodies written as text, of any depth and size up to past the body limit, for the
 * property that no body gets a 5xx (properties.test.ts).
 */

/** One level of nesting, written as text: what opens it and what closes it. */
const NESTINGS: [string, string][] = [
  ['[', ']'],
  ['{"query":', '}'],
  ['{"type":"group","logical_operator":"and","nodes":[', ']}'],
  [
    '{"filter":{"type":"terminal","service":"text","parameters":{"attribute":"rcsb_id","operator":"exists"}},"facets":[',
    ']}',
  ],
  ['{"a":[1,{"b":', '}]}'],
];

/** Around the nesting: nothing, or the start of a valid request. */
const ENVELOPES: [string, string][] = [
  ['', ''],
  ['{"return_type":"entry","query":', '}'],
  ['{"return_type":"entry","request_options":{"facets":', '}}'],
  ['{"return_type":"entry","query":{"type":"group","logical_operator":"or","nodes":', '}}'],
];

/** The innermost value, about `n` bytes long (exactly, for the first two). */
const FILLERS: ((n: number) => string)[] = [
  (n) => JSON.stringify('x'.repeat(Math.max(0, n - 2))),
  (n) => `${' '.repeat(Math.max(0, n - 1))}1`,
  (n) => `[${'0,'.repeat(Math.max(0, Math.floor((n - 3) / 2)))}0]`,
  // Two bytes a character: the limit counts bytes.
  (n) => JSON.stringify('é'.repeat(Math.max(0, Math.floor((n - 2) / 2)))),
  (n) => `{${Array.from({ length: Math.max(0, Math.floor(n / 12)) }, (_, i) => `"k${i}":0`).join(',')}}`,
];

/** A body as text; a failing one is printed by its size and ends, not all of its megabyte. */
export interface Body {
  text: string;
  bytes: number;
}
function body(text: string): Body {
  const bytes = Buffer.byteLength(text);
  const printed = () => `${bytes} bytes: ${text.slice(0, 100)}…${text.slice(-40)}`;
  return Object.assign({ text, bytes }, { [fc.toStringMethod]: printed });
}

/**
 * Bodies nested up to 100,000 levels and up to a little over the body limit, written as text: such
 * an object could not even be serialized by JSON.stringify. The nesting is cut to fit the size
 * drawn, except in some bodies that go over the limit by depth alone.
 */
export function bodies(limit: number): fc.Arbitrary<Body> {
  return fc
    .record({
      envelope: fc.constantFrom(...ENVELOPES),
      pattern: fc.array(fc.constantFrom(...NESTINGS), { minLength: 1, maxLength: 3 }),
      depth: fc.oneof(
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.constantFrom(255, 256, 257, 100_000),
      ),
      size: fc.oneof(
        fc.integer({ min: 0, max: limit + 4096 }),
        fc.integer({ min: limit - 16, max: limit + 16 }),
        fc.integer({ min: 0, max: 20_000 }),
      ),
      fit: fc.oneof(
        { weight: 5, arbitrary: fc.constant(true) },
        { weight: 1, arbitrary: fc.constant(false) },
      ),
      filler: fc.constantFrom(...FILLERS),
    })
    .map(({ envelope: [open, close], pattern, depth, size, fit, filler }) => {
      const openers: string[] = [open];
      const closers: string[] = [close];
      let bytes = open.length + close.length + 1;
      for (let i = 0; i < depth; i++) {
        const [o, c] = pattern[i % pattern.length]!;
        if (fit && bytes + o.length + c.length > size) break;
        openers.push(o);
        closers.push(c);
        bytes += o.length + c.length;
      }
      return body(`${openers.join('')}${filler(size - bytes + 1)}${closers.reverse().join('')}`);
    });
}

/** Bodies at the edges: the deepest that fit, and exactly at and one byte over the limit. */
export function edgeBodies(limit: number): Body[] {
  const nest = (open: string, close: string, levels: number, inner = '1') =>
    `${open.repeat(levels)}${inner}${close.repeat(levels)}`;
  return [
    nest('[', ']', 100_000),
    nest('{"query":', '}', 100_000),
    nest('{"a":[1,{"b":', '}]}', 100_000),
    JSON.stringify('x'.repeat(limit - 2)),
    JSON.stringify('x'.repeat(limit - 1)),
    // A request nested past the depth limit and exactly as long as the body limit.
    `{"return_type":"entry","query":${nest('[', ']', 1000, JSON.stringify('x'.repeat(limit - 2034)))}}`,
  ].map(body);
}
