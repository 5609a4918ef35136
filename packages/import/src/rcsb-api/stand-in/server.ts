import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  buildSchema,
  execute,
  getOperationAST,
  GraphQLError,
  Kind,
  parse,
  validate,
  valueFromASTUntyped,
  type DocumentNode,
} from 'graphql';
import { servedChemComp, type ChemCompDoc, type EntryDoc } from './fixtures.ts';

export type { ChemCompDoc, EntryDoc };

export interface StandInOptions {
  /** The Data API's schema (SDL): queries are validated and executed against it. */
  sdl: string;
  entries: Record<string, EntryDoc>;
  chemComps: Record<string, ChemCompDoc>;
  /** What the holdings route lists; the fixture entry ids, sorted, by default. */
  holdings?: string[];
}

export interface GraphqlBody {
  query?: unknown;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
}

export interface RecordedRequest {
  path: string;
  /** The parsed JSON body of a POST (undefined for a GET or a body that is not JSON). */
  body?: GraphqlBody;
  /** The ids the request asks for: the values of the *_id / *_ids arguments of its root fields. */
  ids: string[];
  /** The HTTP status answered; 0 when the connection was dropped. */
  status: number;
}

export interface FaultRequest {
  path: string;
  ids: string[];
  /** How many times this exact request (path and body) has been received, this one included. */
  attempt: number;
}

export type Fault =
  | { status: number; headers?: Record<string, string>; body?: string }
  | { delayMs: number }
  | { drop: true }
  | { errorIds: string[] };

/** Decides how to answer a request: undefined serves it normally. */
export type FaultHandler = (request: FaultRequest) => Fault | undefined;

export interface StandIn {
  /** Base URL, e.g. http://127.0.0.1:PORT (no trailing slash). */
  url: string;
  graphqlUrl: string;
  holdingsUrl: string;
  requests: RecordedRequest[];
  /** GraphQL requests answered 400 because they did not parse, validate or coerce. */
  readonly invalidQueries: number;
  /** Sets (or with undefined, clears) the fault handler; it applies to requests received afterwards. */
  fault(handler: FaultHandler | undefined): void;
  close(): Promise<void>;
}

export const GRAPHQL_PATH = '/graphql';
export const HOLDINGS_PATH = '/rest/v1/holdings/current/entry_ids';

type Doc = Record<string, unknown>;

/** The entity lists of an entry, with each entity's instance list and the instances' link back. */
const ENTITY_LEVELS = [
  ['polymer_entities', 'polymer_entity_instances', 'polymer_entity'],
  ['nonpolymer_entities', 'nonpolymer_entity_instances', 'nonpolymer_entity'],
  ['branched_entities', 'branched_entity_instances', 'branched_entity'],
] as const;

/**
 * A copy of an entry document whose entities and assemblies link back to the entry and whose
 * instances link back to their entity, so queries may walk upwards as the real API allows
 * (`polymer_entity_instances { polymer_entity { ... } }`).
 */
function linked(doc: EntryDoc): Doc {
  const entry: Doc = { ...doc };
  for (const [list, instances, parent] of ENTITY_LEVELS) {
    const entities = entry[list];
    if (!Array.isArray(entities)) continue;
    entry[list] = entities.map((e: Doc) => {
      const entity: Doc = { ...e, entry };
      const children = e[instances];
      if (Array.isArray(children)) entity[instances] = children.map((i: Doc) => ({ ...i, [parent]: entity }));
      return entity;
    });
  }
  if (Array.isArray(entry.assemblies)) entry.assemblies = entry.assemblies.map((a: Doc) => ({ ...a, entry }));
  return entry;
}

/** The ids a request names in the arguments of its root fields, literal or through variables. */
function requestedIds(document: DocumentNode, body: GraphqlBody): string[] {
  const operation = getOperationAST(document, body.operationName ?? undefined);
  const ids: string[] = [];
  for (const selection of operation?.selectionSet.selections ?? []) {
    if (selection.kind !== Kind.FIELD) continue;
    for (const argument of selection.arguments ?? []) {
      if (!/_ids?$/.test(argument.name.value)) continue;
      const value: unknown = valueFromASTUntyped(argument.value, body.variables ?? undefined);
      for (const id of Array.isArray(value) ? value : [value]) if (typeof id === 'string') ids.push(id);
    }
  }
  return ids;
}

/** The body's query parsed, the syntax error, or undefined when there is no query string. */
function parsedQuery(body: GraphqlBody | undefined): DocumentNode | GraphQLError | undefined {
  if (typeof body?.query !== 'string') return undefined;
  try {
    return parse(body.query);
  } catch (error) {
    if (error instanceof GraphQLError) return error;
    throw error;
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** A loopback stand-in of the RCSB Data API (GraphQL and the current-holdings list) for tests. */
export async function startStandIn(options: StandInOptions): Promise<StandIn> {
  const schema = buildSchema(options.sdl);
  const entries = new Map(
    Object.values(options.entries).map((doc) => [doc.rcsb_id.toUpperCase(), linked(doc)]),
  );
  const chemComps = new Map(
    Object.values(options.chemComps).map((doc) => {
      const served = servedChemComp(doc);
      return [served.rcsb_id.toUpperCase(), served];
    }),
  );
  const holdings =
    options.holdings ??
    Object.values(options.entries)
      .map((doc) => doc.rcsb_id)
      .sort();

  const requests: RecordedRequest[] = [];
  const attempts = new Map<string, number>();
  let invalidQueries = 0;
  let faultHandler: FaultHandler | undefined;
  const closing = new AbortController();

  /**
   * A lookup that answers null for an unknown id and, for an id the fault names, fails the way the
   * real API does: an error located at that field or list index, and null in its place.
   */
  const finder =
    <T>(docs: Map<string, T>) =>
    (id: string, errorIds: ReadonlySet<string>): T | null | Promise<never> =>
      errorIds.has(id)
        ? Promise.reject(
            new GraphQLError(`Failed to fetch data for ${id}`, {
              extensions: { classification: 'DataFetchingException' },
            }),
          )
        : (docs.get(id.toUpperCase()) ?? null);
  const findEntry = finder(entries);
  const findChemComp = finder(chemComps);
  type Context = { errorIds: ReadonlySet<string> };
  const rootValue = {
    entries: ({ entry_ids }: { entry_ids: string[] }, { errorIds }: Context) =>
      entry_ids.map((id) => findEntry(id, errorIds)),
    entry: ({ entry_id }: { entry_id: string }, { errorIds }: Context) => findEntry(entry_id, errorIds),
    chem_comps: ({ comp_ids }: { comp_ids: (string | null)[] }, { errorIds }: Context) =>
      comp_ids.map((id) => (id === null ? null : findChemComp(id, errorIds))),
    chem_comp: ({ comp_id }: { comp_id: string }, { errorIds }: Context) => findChemComp(comp_id, errorIds),
  };

  async function answerGraphql(
    response: ServerResponse,
    body: GraphqlBody | undefined,
    document: DocumentNode | GraphQLError | undefined,
    errorIds: ReadonlySet<string>,
  ): Promise<number> {
    const reject = (errors: readonly unknown[]) => {
      invalidQueries++;
      send(response, 400, { errors });
      return 400;
    };
    if (body === undefined || document === undefined)
      return reject([{ message: 'The body is not JSON with a query string' }]);
    if (document instanceof GraphQLError) return reject([document]);
    const invalid = validate(schema, document);
    if (invalid.length > 0) return reject(invalid);
    const result = await execute({
      schema,
      document,
      rootValue,
      contextValue: { errorIds } satisfies Context,
      variableValues: body.variables,
      operationName: body.operationName,
    });
    // No data at all means the request itself was wrong (variables that do not coerce, no operation).
    if (!('data' in result) || result.data === undefined) return reject(result.errors ?? []);
    send(response, 200, result);
    return 200;
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const raw = await readBody(request);
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
    let body: GraphqlBody | undefined;
    if (request.method === 'POST') {
      try {
        body = JSON.parse(raw) as GraphqlBody;
      } catch {
        body = undefined;
      }
    }
    const document = parsedQuery(body);
    const ids = body && document && !(document instanceof GraphQLError) ? requestedIds(document, body) : [];
    const key = `${request.method} ${path}\n${raw}`;
    const attempt = (attempts.get(key) ?? 0) + 1;
    attempts.set(key, attempt);
    const record = (status: number) => requests.push({ path, ...(body && { body }), ids, status });

    const fault = faultHandler?.({ path, ids, attempt });
    if (fault && 'drop' in fault) {
      record(0);
      request.socket.destroy();
      return;
    }
    if (fault && 'status' in fault) {
      response.writeHead(fault.status, fault.headers);
      response.end(fault.body ?? '');
      record(fault.status);
      return;
    }
    if (fault && 'delayMs' in fault) {
      await sleep(fault.delayMs, undefined, { signal: closing.signal }).catch(() => undefined);
      if (closing.signal.aborted) return;
    }
    const errorIds = new Set(fault && 'errorIds' in fault ? fault.errorIds : []);

    if (path === GRAPHQL_PATH && request.method === 'POST') {
      record(await answerGraphql(response, body, document, errorIds));
    } else if (path === HOLDINGS_PATH && request.method === 'GET') {
      send(response, 200, holdings);
      record(200);
    } else {
      send(response, 404, { message: `No route for ${request.method} ${path}` });
      record(404);
    }
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, { message: String(error) });
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    graphqlUrl: url + GRAPHQL_PATH,
    holdingsUrl: url + HOLDINGS_PATH,
    requests,
    get invalidQueries() {
      return invalidQueries;
    },
    fault(handler) {
      faultHandler = handler;
    },
    close() {
      closing.abort();
      // Keep-alive connections of the client under test would otherwise hold close() open.
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}
