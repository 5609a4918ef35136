/**
 * The API documentation as a page a person reads: drawn on the server from the OpenAPI document (no
 * script, nothing loaded from elsewhere), every operation with its method, path, summary, parameters,
 * body and answers, grouped by tag, and a link to the document itself.
 */

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  description?: string;
  $ref?: string;
  oneOf?: Schema[];
  anyOf?: Schema[];
};
type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: Schema };
type Media = { schema?: Schema };
type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; description?: string; content?: Record<string, Media> };
  responses?: Record<string, { description?: string; content?: Record<string, Media> }>;
};
export type OpenApiDocument = {
  info?: { title?: string; version?: string; description?: string };
  paths?: Record<string, Record<string, Operation>>;
};

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const escape = (text: unknown): string =>
  String(text).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** `code` spans for the backquoted parts of a description, the rest escaped. */
const prose = (text: string | undefined): string =>
  text === undefined
    ? ''
    : text
        .split('`')
        .map((part, i) => (i % 2 ? `<code>${escape(part)}</code>` : escape(part)))
        .join('');

const json = (value: unknown) => escape(JSON.stringify(value));

/** A schema in a few words: its type and the bounds a client must keep to. */
export function schemaSummary(schema: Schema | undefined): string {
  if (!schema) return '';
  if (schema.$ref) return escape(schema.$ref.split('/').pop());
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives) return alternatives.map(schemaSummary).join(' or ');
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : (schema.type ?? 'any');
  const words = [type === 'array' && schema.items ? `array of ${schemaSummary(schema.items)}` : escape(type)];
  if (schema.format) words.push(`(${escape(schema.format)})`);
  if (schema.enum) words.push(`one of ${schema.enum.map((v) => `<code>${json(v)}</code>`).join(', ')}`);
  if (schema.const !== undefined) words.push(`always <code>${json(schema.const)}</code>`);
  const bounds: [keyof Schema, string][] = [
    ['minimum', '≥'],
    ['maximum', '≤'],
    ['minLength', 'length ≥'],
    ['maxLength', 'length ≤'],
    ['minItems', 'items ≥'],
    ['maxItems', 'items ≤'],
  ];
  for (const [key, word] of bounds) if (schema[key] !== undefined) words.push(`${word} ${json(schema[key])}`);
  if (schema.pattern) words.push(`matching <code>${escape(schema.pattern)}</code>`);
  if (schema.default !== undefined) words.push(`default <code>${json(schema.default)}</code>`);
  return words.join(' ');
}

const table = (head: string[], rows: string[][]) =>
  `<table><thead><tr>${head.map((h) => `<th scope="col">${h}</th>`).join('')}</tr></thead><tbody>${rows
    .map((row) => `<tr>${row.map((cell) => `<td>${cell}</td>`).join('')}</tr>`)
    .join('')}</tbody></table>`;

const anchor = (method: string, path: string) =>
  `${method}-${path}`.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');

function operationSection(method: string, path: string, operation: Operation): string {
  const id = anchor(method, path);
  const parts = [
    `<section class="operation" id="${id}" aria-labelledby="${id}-title">`,
    `<h3 id="${id}-title"><span class="method">${method.toUpperCase()}</span> <code class="path">${escape(path)}</code></h3>`,
    `<p class="summary">${prose(operation.summary ?? '')}</p>`,
  ];
  if (operation.description) parts.push(`<p>${prose(operation.description)}</p>`);
  if (operation.operationId)
    parts.push(`<p class="id">Operation <code>${escape(operation.operationId)}</code></p>`);
  const parameters = operation.parameters ?? [];
  parts.push('<h4>Parameters</h4>');
  parts.push(
    parameters.length
      ? table(
          ['name', 'in', 'required', 'value', 'description'],
          parameters.map((p) => [
            `<code>${escape(p.name)}</code>`,
            escape(p.in),
            p.required ? 'yes' : 'no',
            schemaSummary(p.schema),
            prose(p.description),
          ]),
        )
      : '<p>None.</p>',
  );
  const body = operation.requestBody;
  if (body) {
    parts.push(`<h4>Body${body.required ? ' (required)' : ''}</h4>`);
    if (body.description) parts.push(`<p>${prose(body.description)}</p>`);
    for (const [type, media] of Object.entries(body.content ?? {})) {
      parts.push(`<p><code>${escape(type)}</code>: ${schemaSummary(media.schema)}</p>`);
      const properties = Object.entries(media.schema?.properties ?? {});
      if (properties.length)
        parts.push(
          table(
            ['field', 'required', 'value', 'description'],
            properties.map(([name, schema]) => [
              `<code>${escape(name)}</code>`,
              media.schema?.required?.includes(name) ? 'yes' : 'no',
              schemaSummary(schema),
              prose(schema.description),
            ]),
          ),
        );
    }
  }
  parts.push('<h4>Answers</h4>');
  parts.push(
    table(
      ['status', 'meaning', 'content'],
      Object.entries(operation.responses ?? {}).map(([status, answer]) => [
        escape(status),
        prose(answer.description),
        Object.keys(answer.content ?? {})
          .map((type) => `<code>${escape(type)}</code>`)
          .join(', '),
      ]),
    ),
  );
  parts.push('</section>');
  return parts.join('\n');
}

/** The page: its operations grouped by their first tag, in the document's order, with a contents list. */
export function renderApiDocs(document: OpenApiDocument, documentHref: string): string {
  const groups = new Map<string, { method: string; path: string; operation: Operation }[]>();
  for (const [path, item] of Object.entries(document.paths ?? {}))
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const tag = operation.tags?.[0] ?? 'Other';
      groups.set(tag, [...(groups.get(tag) ?? []), { method, path, operation }]);
    }
  const title = document.info?.title ?? 'API';
  const contents = [...groups]
    .map(
      ([tag, operations]) =>
        `<li>${escape(tag)}<ul>${operations
          .map(
            ({ method, path, operation }) =>
              `<li><a href="#${anchor(method, path)}"><span class="method">${method.toUpperCase()}</span> <code>${escape(path)}</code></a> ${prose(operation.summary ?? '')}</li>`,
          )
          .join('')}</ul></li>`,
    )
    .join('');
  const sections = [...groups]
    .map(
      ([tag, operations]) =>
        `<section aria-labelledby="tag-${anchor('tag', tag)}"><h2 id="tag-${anchor('tag', tag)}">${escape(tag)}</h2>\n${operations
          .map(({ method, path, operation }) => operationSection(method, path, operation))
          .join('\n')}</section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}: documentation</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 1rem; color: #1a1a1a; }
code { font-family: ui-monospace, monospace; font-size: 0.9em; overflow-wrap: anywhere; }
.method { display: inline-block; min-width: 3.5em; font: bold 0.8em ui-monospace, monospace; }
.operation { border-top: 1px solid #ccc; margin-top: 1.5rem; }
.summary { font-weight: 600; }
.id { color: #555; }
table { border-collapse: collapse; width: 100%; display: block; overflow-x: auto; }
th, td { border: 1px solid #ddd; padding: 0.25rem 0.5rem; text-align: left; vertical-align: top; }
</style>
</head>
<body>
<header>
<h1>${escape(title)}${document.info?.version ? ` <small>${escape(document.info.version)}</small>` : ''}</h1>
<p>${prose(document.info?.description)}</p>
<p>The machine-readable description: <a href="${escape(documentHref)}">the OpenAPI 3.1 document</a>.</p>
</header>
<nav aria-label="Operations"><h2>Operations</h2><ul>${contents}</ul></nav>
<main>
${sections}
</main>
</body>
</html>
`;
}
