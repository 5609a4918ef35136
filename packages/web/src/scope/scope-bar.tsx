import { MAX_COHORTS, writeScope, type ScopeReading } from '@pdb-stats/charts';
import type { QueryNode, ReturnType } from '@pdb-stats/search-model';
import { Suspense, lazy, useState } from 'react';
import { loadRequestSummary, useRequestSummary } from '../search-pages/summary-loader.ts';
import { useSearchParams } from '../routing/navigation.tsx';
import { scopeChips, withChip, withoutChip } from './scope-chips.ts';
import './scope.css';

// A chip's editor reads the attribute catalogue: loaded when a chip is first clicked.
const ChipEditor = lazy(() => import('./chip-editor.tsx'));

// The visual query builder is loaded only when a visitor opens it: most chart views never do.
const QueryBuilder = lazy(() =>
  import('../query-builder/query-builder.tsx').then((module) => ({ default: module.QueryBuilder })),
);

interface ScopeBarProps {
  reading: ScopeReading;
  /** The service's refusal of the scoped request (its 400 message), shown next to the scope. */
  serviceError?: string | undefined;
  /** Why the page itself cannot draw this scope (a comparison on a trend chart), and its remedy. */
  refusal?: { message: string; remedy: string; onRemedy: () => void } | undefined;
  /** Level the chart counts, for the units of the conditions in words. */
  returnType?: ReturnType;
  /** Whether another cohort can be compared with the scope (charts that count). */
  comparable?: boolean;
  /** Cohort `index` set to `node`, or removed (undefined); an index past the last adds a cohort. */
  onChange: (index: number, node: QueryNode | undefined) => void;
  onClear: () => void;
}

/**
 * The scope above a chart in short words: one removable chip per condition, editable in place (click
 * it; Enter applies, Escape cancels), and "Clear scope". Values the URL holds that cannot be read,
 * and the service's refusal of the scope, are said here, next to the chips. Without a scope, one quiet
 * line offers to start one ("Add condition"); with one, "Compare with…" starts a second cohort.
 */
export function ScopeBar({
  reading,
  serviceError,
  refusal,
  returnType = 'entry',
  comparable = false,
  onChange,
  onClear,
}: ScopeBarProps) {
  const { cohorts, problems } = reading;
  const [params] = useSearchParams();
  // The cohort the visual query builder edits (the index past the last: a cohort being started).
  const [building, setBuilding] = useState<number>();
  // The chips say their conditions in words; a page with a scope loads the summarizer first.
  const summary = useRequestSummary(cohorts.length > 0);
  const scoped = cohorts.length > 0 || problems.length > 0;
  // The builder edits one cohort at a time: the scope, or a new cohort; cohorts compared are edited
  // chip by chip.
  const canAdd = cohorts.length <= 1 && problems.length === 0;
  const canCompare =
    comparable && cohorts.length >= 1 && cohorts.length < MAX_COHORTS && problems.length === 0;
  const builderTitle =
    building === undefined
      ? ''
      : building === 0 && cohorts.length <= 1
        ? cohorts.length === 0
          ? 'New scope'
          : 'Scope'
        : (cohorts[building]?.label ?? `Cohort ${building + 1}`);
  const toggle = (index: number) => {
    // The first condition applied makes a scope, said in words: the summarizer is loaded meanwhile,
    // so that the page does not suspend (and close the builder) when the condition arrives.
    void loadRequestSummary();
    setBuilding((open) => (open === undefined ? index : undefined));
  };
  return (
    <section
      className={`ps-scope${scoped ? '' : ' ps-scope-none'}`}
      aria-label="Scope"
      data-testid="scope-bar"
    >
      {!scoped && <span className="ps-scope-title">Scope: whole archive</span>}
      {cohorts.map((cohort, index) => (
        <div className="ps-scope-row" key={index} data-cohort={index}>
          <span className="ps-scope-title">
            {cohort.label ?? (cohorts.length > 1 ? `Cohort ${index + 1}` : 'Scope')}:
          </span>
          <ul className="ps-scope-chips">
            {scopeChips(cohort.node, summary!.summarizeNode, returnType).map((chip, i) => (
              <li key={`${i}:${chip.text}`}>
                <Chip
                  node={chip.node}
                  text={chip.text}
                  sentence={chip.sentence}
                  returnType={returnType}
                  onApply={(node) => onChange(index, withChip(cohort.node, i, node))}
                  onRemove={() => onChange(index, withoutChip(cohort.node, i))}
                />
              </li>
            ))}
          </ul>
        </div>
      ))}
      {(problems.length > 0 || serviceError || refusal) && (
        <div className="ps-scope-error" role="alert" data-testid="scope-error">
          {problems.map((problem) => (
            <p key={`${problem.param}:${problem.index}`}>
              This scope cannot be read: <code>{problem.param}</code>: {problem.message}
              {problem.param === 'query' && (
                <>
                  {' '}
                  (<code className="ps-scope-raw">{problem.value}</code>)
                </>
              )}
            </p>
          ))}
          {serviceError && <p>The search service refuses this scope: {serviceError}</p>}
          {refusal && (
            <p>
              {refusal.message}{' '}
              <button type="button" className="ps-button" onClick={refusal.onRemedy}>
                {refusal.remedy}
              </button>
            </p>
          )}
        </div>
      )}
      <div className="ps-scope-actions">
        {building !== undefined ? (
          <button
            type="button"
            className="ps-button"
            aria-expanded="true"
            onClick={() => setBuilding(undefined)}
          >
            Close builder
          </button>
        ) : (
          <>
            {canAdd && (
              <button
                type="button"
                className={scoped ? 'ps-button ps-scripted' : 'ps-button ps-scope-quiet ps-scripted'}
                aria-expanded="false"
                onClick={() => toggle(0)}
              >
                Add condition
              </button>
            )}
            {canCompare && (
              <button
                type="button"
                className="ps-button ps-scripted"
                aria-expanded="false"
                onClick={() => toggle(cohorts.length)}
              >
                Compare with…
              </button>
            )}
          </>
        )}
        {scoped && (
          // A form sent to the address without the scope, for a page read without scripts; with
          // scripts the scope is cleared in place.
          <form method="get" className="ps-scope-clear-form">
            {[...writeScope(params, { cohorts: [], measure: 'count' })].map(([name, value], i) => (
              <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
            ))}
            <button
              type="submit"
              className="ps-button ps-scope-clear"
              onClick={(event) => {
                event.preventDefault();
                onClear();
              }}
            >
              Clear scope
            </button>
          </form>
        )}
      </div>
      {building !== undefined && (
        <div className="ps-scope-builder" role="group" aria-label={`Query builder: ${builderTitle}`}>
          <p className="ps-scope-builder-title">{builderTitle}</p>
          <Suspense fallback={<p role="status">Loading the query builder…</p>}>
            <QueryBuilder
              key={building}
              value={cohorts[building]?.node}
              returnType={returnType}
              startAdding
              onChange={(node) => onChange(building, node)}
            />
          </Suspense>
        </div>
      )}
    </section>
  );
}

interface ChipProps {
  node: QueryNode;
  text: string;
  sentence: string;
  returnType: ReturnType;
  onApply: (node: QueryNode) => void;
  onRemove: () => void;
}

function Chip({ node, text, sentence, returnType, onApply, onRemove }: ChipProps) {
  const [editing, setEditing] = useState(false);
  const chip = (
    <span className="ps-chip" data-testid="scope-chip">
      <button
        type="button"
        className="ps-chip-text"
        title={`${sentence}: click to edit`}
        aria-label={`Edit condition: ${text}`}
        onClick={() => setEditing(true)}
      >
        {text}
      </button>
      <button
        type="button"
        className="ps-chip-remove"
        aria-label={`Remove condition: ${text}`}
        onClick={onRemove}
      >
        <span aria-hidden="true">×</span>
      </button>
    </span>
  );
  if (!editing) return chip;
  const done = (next?: QueryNode) => {
    setEditing(false);
    if (next) onApply(next);
  };
  return (
    // The chip stays as it is while its editor loads.
    <Suspense fallback={chip}>
      <ChipEditor node={node} returnType={returnType} onDone={done} />
    </Suspense>
  );
}
