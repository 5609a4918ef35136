import type { ScopeReading } from '@pdb-stats/charts';
import type { QueryNode, ReturnType } from '@pdb-stats/search-model';
import { Suspense, lazy, useState, type ReactNode } from 'react';
import { useRequestSummary } from '../search-pages/summary-loader.ts';
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
  /** Level the chart counts, for the units of the conditions in words. */
  returnType?: ReturnType;
  /** Cohort `index` set to `node`, or removed (undefined). */
  onChange: (index: number, node: QueryNode | undefined) => void;
  onClear: () => void;
  /** More controls at the end of the row (adding a condition). */
  children?: ReactNode;
}

/**
 * The scope above a chart in plain words: one removable chip per condition, editable in place (click
 * it; Enter applies, Escape cancels), and "Clear scope". Values the URL holds that cannot be read,
 * and the service's refusal of the scope, are said here, next to the chips.
 */
export function ScopeBar({
  reading,
  serviceError,
  returnType = 'entry',
  onChange,
  onClear,
  children,
}: ScopeBarProps) {
  const { cohorts, problems } = reading;
  const [building, setBuilding] = useState(false);
  // The chips say their conditions in words; a page with a scope loads the summarizer first.
  const summary = useRequestSummary(cohorts.length > 0);
  if (cohorts.length === 0 && problems.length === 0 && !serviceError && !children) return null;
  // The builder edits a single scope; cohorts compared are edited chip by chip.
  const single = cohorts.length === 1 ? cohorts[0] : undefined;
  const scoped = cohorts.length > 0 || problems.length > 0;
  return (
    <section className="ps-scope" aria-label="Scope" data-testid="scope-bar">
      {cohorts.length === 0 && !scoped && <span className="ps-scope-title">All entries</span>}
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
                  returnType={returnType}
                  onApply={(node) => onChange(index, withChip(cohort.node, i, node))}
                  onRemove={() => onChange(index, withoutChip(cohort.node, i))}
                />
              </li>
            ))}
          </ul>
        </div>
      ))}
      {(problems.length > 0 || serviceError) && (
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
        </div>
      )}
      <div className="ps-scope-actions">
        {children}
        {single && (
          <button
            type="button"
            className="ps-button"
            aria-expanded={building}
            onClick={() => setBuilding((open) => !open)}
          >
            {building ? 'Close builder' : 'Add condition'}
          </button>
        )}
        {scoped && (
          <button type="button" className="ps-button ps-scope-clear" onClick={onClear}>
            Clear scope
          </button>
        )}
      </div>
      {single && building && (
        <div className="ps-scope-builder">
          <Suspense fallback={<p role="status">Loading the query builder…</p>}>
            <QueryBuilder
              value={single.node}
              returnType={returnType}
              onChange={(node) => onChange(0, node)}
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
  returnType: ReturnType;
  onApply: (node: QueryNode) => void;
  onRemove: () => void;
}

function Chip({ node, text, returnType, onApply, onRemove }: ChipProps) {
  const [editing, setEditing] = useState(false);
  const chip = (
    <span className="ps-chip" data-testid="scope-chip">
      <button
        type="button"
        className="ps-chip-text"
        title="Edit this condition"
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
