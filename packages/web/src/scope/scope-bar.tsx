import { parseScopeNode, type ScopeReading } from '@pdb-stats/charts';
import type { Operator, QueryNode, ReturnType } from '@pdb-stats/search-model';
import { Suspense, lazy, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { OPERATOR_LABELS, operatorsOf } from '../query-builder/catalogue.ts';
import {
  listOf,
  terminalOf,
  withOperator,
  type ConditionDraft,
  type DraftFault,
} from '../query-builder/condition-draft.ts';
import { chipDraft, scopeChips, withChip, withoutChip } from './scope-chips.ts';
import './scope.css';

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
            {scopeChips(cohort.node, returnType).map((chip, i) => (
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
  if (editing) {
    const draft = chipDraft(node, returnType);
    const done = (next?: QueryNode) => {
      setEditing(false);
      if (next) onApply(next);
    };
    return draft ? (
      <ConditionEditor initial={draft} onDone={done} />
    ) : (
      <JsonEditor node={node} onDone={done} />
    );
  }
  return (
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
}

/** Enter applies, Escape cancels, from any field of an editor. */
function editorKeys(apply: () => void, cancel: () => void) {
  return (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      apply();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      cancel();
    }
  };
}

/** A text input as wide as its text. */
function ChipInput({
  label,
  text,
  onText,
  autoFocus = false,
}: {
  label: string;
  text: string;
  onText: (text: string) => void;
  autoFocus?: boolean;
}) {
  return (
    <input
      aria-label={label}
      value={text}
      autoFocus={autoFocus}
      size={Math.max(6, Math.min(24, text.length + 1))}
      onChange={(e) => onText(e.target.value)}
    />
  );
}

function ConditionEditor({
  initial,
  onDone,
}: {
  initial: ConditionDraft;
  onDone: (node?: QueryNode) => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [fault, setFault] = useState<DraftFault>();
  // The values of "in" as typed (a comma just typed is not a value yet).
  const [listText, setListText] = useState(initial.values.join(', '));
  const id = useId();
  const set = (change: Partial<ConditionDraft>) => {
    setDraft((d) => ({ ...d, ...change }));
    setFault(undefined);
  };
  const apply = () => {
    const node = terminalOf(draft);
    if ('field' in node) setFault(node);
    else onDone(node);
  };
  // The draft of a chip always has its attribute (chipDraft), and so an operator.
  const attribute = draft.attribute!;
  const operator = draft.operator!;
  return (
    <span
      className="ps-chip ps-chip-editing"
      role="group"
      aria-label={`Edit condition on ${attribute.name}`}
      onKeyDown={editorKeys(apply, () => onDone())}
    >
      <span className="ps-chip-attribute" title={attribute.path}>
        {attribute.name}
      </span>
      <label className="ps-visually-hidden" htmlFor={`${id}-not`}>
        not
      </label>
      <select
        id={`${id}-not`}
        aria-label="Negation"
        value={draft.negation ? 'not' : ''}
        onChange={(e) => set({ negation: e.target.value === 'not' })}
      >
        <option value="">—</option>
        <option value="not">not</option>
      </select>
      <select
        aria-label="Operator"
        value={operator}
        onChange={(e) => {
          const next = withOperator(draft, e.target.value as Operator);
          setDraft(next);
          setListText(next.values.join(', '));
          setFault(undefined);
        }}
      >
        {operatorsOf(attribute).map((o) => (
          <option key={o} value={o}>
            {OPERATOR_LABELS[o]}
          </option>
        ))}
      </select>
      {operator === 'range' ? (
        <>
          <ChipInput label="From" text={draft.from} onText={(from) => set({ from })} autoFocus />
          <ChipInput label="To" text={draft.to} onText={(to) => set({ to })} />
        </>
      ) : operator === 'in' ? (
        <ChipInput
          label="Values (separated by commas)"
          text={listText}
          onText={(text) => {
            setListText(text);
            set({ values: listOf(text) });
          }}
          autoFocus
        />
      ) : (
        operator !== 'exists' && (
          <ChipInput label="Value" text={draft.value} onText={(value) => set({ value })} autoFocus />
        )
      )}
      {attribute.unit && <span aria-hidden="true">{attribute.unit}</span>}
      <button type="button" className="ps-chip-apply" onClick={apply}>
        Apply
      </button>
      <button type="button" className="ps-chip-cancel" aria-label="Cancel" onClick={() => onDone()}>
        <span aria-hidden="true">×</span>
      </button>
      {fault && (
        <span className="ps-chip-problem" role="alert">
          {fault.message}
        </span>
      )}
    </span>
  );
}

/** A group (or, negation) or a search without an attribute: edited as its JSON. */
function JsonEditor({ node, onDone }: { node: QueryNode; onDone: (node?: QueryNode) => void }) {
  const [text, setText] = useState(() => JSON.stringify(node));
  const [error, setError] = useState<string>();
  const apply = () => {
    const parsed = parseScopeNode(text);
    if ('error' in parsed) setError(parsed.error);
    else onDone(parsed.node);
  };
  return (
    <span
      className="ps-chip ps-chip-editing"
      role="group"
      aria-label="Edit condition as JSON"
      onKeyDown={editorKeys(apply, () => onDone())}
    >
      <input
        aria-label="Query node (JSON)"
        className="ps-chip-json"
        value={text}
        autoFocus
        aria-invalid={error !== undefined}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="button" className="ps-chip-apply" onClick={apply}>
        Apply
      </button>
      <button type="button" className="ps-chip-cancel" aria-label="Cancel" onClick={() => onDone()}>
        <span aria-hidden="true">×</span>
      </button>
      {error && <span className="ps-chip-problem">{error}</span>}
    </span>
  );
}
