import { isReturnType, type QueryNode } from '@pdb-stats/search-model';
import { QueryBuilder } from '../query-builder/query-builder.tsx';
import type { NodePath } from '../query-builder/tree.ts';

const BUILDER_LABEL_ID = 'request-builder-label';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The JSON path of a builder node in the request: `query`, `query.nodes[1].nodes[0]`. */
export function nodeField(path: NodePath): string {
  return path.reduce((field, index) => `${field}.nodes[${index}]`, 'query');
}

/**
 * The request's query node in the visual builder, in step with the JSON both ways: the builder shows
 * the text's query and writes its changes into the text (the rest of the request kept as it is).
 */
export function BuilderPart({
  request,
  onChange,
  onEditJson,
}: {
  request: unknown;
  onChange: (text: string) => void;
  onEditJson: (path: NodePath) => void;
}) {
  return (
    <section className="ps-sp-builder" aria-labelledby={BUILDER_LABEL_ID}>
      <p className="ps-sp-label" id={BUILDER_LABEL_ID}>
        Conditions
      </p>
      {isRecord(request) ? (
        <QueryBuilder
          value={request.query as QueryNode | undefined}
          returnType={isReturnType(request.return_type) ? request.return_type : 'entry'}
          onEditJson={onEditJson}
          onChange={(node) => {
            // The query keeps its place among the request's keys; a new one comes first.
            const { query: _old, ...rest } = request;
            const next =
              node === undefined
                ? rest
                : 'query' in request
                  ? { ...request, query: node }
                  : { query: node, ...rest };
            onChange(JSON.stringify(next, null, 2));
          }}
        />
      ) : (
        <p className="ps-sp-note" data-testid="builder-unavailable">
          The builder shows the conditions of a valid request: correct the JSON below to use it.
        </p>
      )}
    </section>
  );
}
