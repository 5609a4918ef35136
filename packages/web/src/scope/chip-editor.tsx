import { parseScopeNode } from '@pdb-stats/charts';
import type { Operator, QueryNode, ReturnType } from '@pdb-stats/search-model';
import { useId, useState, type KeyboardEvent } from 'react';
import { OPERATOR_LABELS, operatorsOf } from '../query-builder/catalogue.ts';
import {
  listOf,
  terminalOf,
  withOperator,
  type ConditionDraft,
  type DraftFault,
} from '../query-builder/condition-draft.ts';
import { chipDraft } from './chip-draft.ts';

/**
 * A scope chip being edited: a condition on one attribute of the catalogue in fields (negation,
 * operator, values), anything else as its JSON. Loaded when a chip is first clicked, with the
 * attribute catalogue it reads.
 */
export default function ChipEditor({
  node,
  returnType,
  onDone,
}: {
  node: QueryNode;
  returnType: ReturnType;
  onDone: (node?: QueryNode) => void;
}) {
  const [draft] = useState(() => chipDraft(node, returnType));
  return draft ? (
    <ConditionEditor initial={draft} onDone={onDone} />
  ) : (
    <JsonEditor node={node} onDone={onDone} />
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
