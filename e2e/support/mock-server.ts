/**
 * A stand-in for the search service, used only when E2E_SERVER=mock: serves the built dashboard
 * and answers facet requests with deterministic numbers. The browser tests normally run against the
 * real server (see start-server.ts).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';

type Json = Record<string, unknown>;
type FacetIn = Json & { facets?: FacetIn[] };
type FacetOut = { name: string; buckets: BucketOut[] } | { name: string; value: number };
type BucketOut = { label: string; population: number; facets?: FacetOut[] };

const VOCABULARY: Record<string, string[]> = {
  'rcsb_entry_info.experimental_method': ['X-ray', 'EM', 'NMR', 'Multiple methods', 'Neutron', 'Other'],
  'rcsb_entry_info.selected_polymer_entity_types': [
    'Protein (only)',
    'Protein/NA',
    'Nucleic acid (only)',
    'Other',
  ],
  'rcsb_struct_symmetry.type': ['Asymmetric', 'Cyclic', 'Dihedral', 'Helical', 'Icosahedral'],
  'rcsb_polymer_instance_annotation.type': ['SCOP', 'ECOD', 'SCOP2', 'CATH'],
  'entity_poly.rcsb_entity_polymer_type': ['Protein', 'DNA', 'RNA', 'NA-hybrid'],
};

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0) / 2 ** 32;
}

function number(value: number): string {
  return Number.isInteger(value) ? value.toFixed(1) : String(value);
}

function facet(spec: FacetIn, scale: number, seed: string): FacetOut[] {
  if ('filter' in spec) return (spec.facets ?? []).flatMap((f) => facet(f, scale * 0.8, `${seed}/filter`));
  const name = String(spec.name);
  const attribute = String(spec.attribute);
  const inner = (label: string, population: number): BucketOut => {
    const facets = (spec.facets ?? []).flatMap((f) => facet(f, population, `${seed}/${label}`));
    return { label, population, ...(facets.length > 0 && { facets }) };
  };
  switch (spec.aggregation_type) {
    case 'cardinality':
      return [{ name, value: Math.round(scale * 0.6) }];
    case 'date_histogram': {
      const buckets: BucketOut[] = [];
      for (let year = 1976; year <= 2024; year++) {
        const population = Math.round(scale * 0.002 * (year - 1970) * (0.5 + hash(`${seed}${year}`)));
        if (population > 0 || spec.min_interval_population === 0)
          buckets.push(inner(String(year), population));
      }
      return [{ name, buckets }];
    }
    case 'terms': {
      const labels = VOCABULARY[attribute] ?? Array.from({ length: 30 }, (_, i) => `${name} ${i + 1}`);
      const max = Number(spec.max_num_intervals ?? 65536);
      const buckets = labels
        .map((label, i) => ({
          label,
          population: Math.round((scale / (i + 2)) * (0.6 + hash(seed + label) * 0.4)),
        }))
        .filter((b) => b.population >= Number(spec.min_interval_population ?? 1))
        .sort((a, b) => b.population - a.population)
        .slice(0, max)
        .map((b) => inner(b.label, b.population));
      return [{ name, buckets }];
    }
    case 'range': {
      const ranges = spec.ranges as { from?: number; to?: number }[];
      const buckets = ranges
        .map((r, i) => ({
          label: `${r.from === undefined ? '*' : number(r.from)}-${r.to === undefined ? '*' : number(r.to)}`,
          // Leave some bins out: a service leaves out empty range bins, and the chart must still show them as 0.
          population: i % 7 === 3 ? 0 : Math.round(scale * 0.05 * (1 + hash(`${seed}${i}`))),
        }))
        .filter((b) => b.population > 0)
        .map((b) => inner(b.label, b.population));
      return [{ name, buckets }];
    }
    case 'date_range': {
      const ranges = spec.ranges as { from?: string; to?: string }[];
      const iso = (d: string) => `${d.slice(0, 10)}T00:00:00.000Z`;
      const buckets = ranges.map((r, i) =>
        inner(`${r.from ? iso(r.from) : '*'}-${r.to ? iso(r.to) : '*'}`, Math.round(scale * 0.02 * (i + 1))),
      );
      return [{ name, buckets }];
    }
    default:
      return [];
  }
}

const TOTALS: Record<string, number> = {
  entry: 2000,
  polymer_entity: 2600,
  polymer_instance: 5100,
  non_polymer_entity: 1800,
  assembly: 2300,
  mol_definition: 700,
};

async function body(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.svg': 'image/svg+xml',
};

export function startMockServer(webRoot: string, port: number) {
  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', `http://${request.headers.host}`);
    const send = (status: number, payload: unknown, type = 'application/json') => {
      response.writeHead(status, { 'content-type': type, 'access-control-allow-origin': '*' });
      response.end(
        typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : JSON.stringify(payload),
      );
    };
    if (url.pathname === '/rcsbsearch/v2/archive')
      return send(200, { source: 'demo', demo: true, archive_date: '2025-01-01', counts: TOTALS });
    if (url.pathname === '/rcsbsearch/v2/query' && request.method === 'POST') {
      const search = JSON.parse(await body(request)) as Json & { request_options?: { facets?: FacetIn[] } };
      const total = TOTALS[String(search.return_type)] ?? 1000;
      const facets = (search.request_options?.facets ?? []).flatMap((f) =>
        facet(f, total, String(search.return_type)),
      );
      return send(200, {
        query_id: (search.request_info as Json | undefined)?.query_id ?? 'mock',
        result_type: search.return_type,
        total_count: total,
        ...(facets.length > 0 && { facets }),
      });
    }
    if (url.pathname.startsWith('/rcsbsearch/')) return send(404, { message: 'not found' });
    const file = normalize(join(webRoot, url.pathname));
    if (extname(url.pathname) && file.startsWith(webRoot)) {
      try {
        return send(200, await readFile(file), TYPES[extname(file)] ?? 'application/octet-stream');
      } catch {
        return send(404, { message: 'not found' });
      }
    }
    const origin = `http://${request.headers.host}`;
    const config = JSON.stringify({
      basename: '/',
      sierraConfig: { searchApiUrl: origin, searchAdvancedUrl: origin },
    });
    const html = (await readFile(join(webRoot, 'index.html'), 'utf8')).replace(
      /(<div id="statsroot"[^>]*?data-config=)('[^']*'|"[^"]*")/,
      `$1'${config}'`,
    );
    return send(200, html, 'text/html');
  });
  return new Promise<typeof server>((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}
