import type { Operator, TerminalNode } from '@pdb-stats/search-model';
import { useId, useState, type FormEvent } from 'react';
import { AttributePicker } from './attribute-picker.tsx';
import { findPickerAttribute, OPERATOR_LABELS, operatorsOf } from './catalogue.ts';
import {
  conditionIn,
  draftOf,
  terminalOf,
  withAttribute,
  withOperator,
  type ConditionDraft,
  type DraftFault,
} from './condition-draft.ts';
import { useCatalogue } from './use-catalogue.ts';
import { ValueInputs } from './value-inputs.tsx';
import './query-builder.css';

interface ConditionEditorProps {
  /** The condition edited; none to write a new one. */
  value?: TerminalNode;
  onApply: (node: TerminalNode) => void;
  onCancel: () => void;
  /** The Apply button's text. */
  applyLabel?: string;
}

/**
 * One condition on an attribute, written or edited: the attribute (picked from the catalogue), the
 * operators its type allows, a value input that fits (numbers with their unit, dates, ranges, the
 * archive's own values offered as you type), negation. Apply hands back the terminal node; the
 * condition is never half-written into the query.
 */
export function ConditionEditor(props: ConditionEditorProps) {
  const catalogue = useCatalogue();
  if (catalogue.isPending)
    return (
      <p className="ps-qb-editor" role="status">
        Loading the attributes…
      </p>
    );
  const condition = props.value && conditionIn(props.value);
  const attribute =
    condition && findPickerAttribute(catalogue.data ?? [], condition.attribute, condition.service);
  return (
    <ConditionForm
      {...props}
      initial={draftOf(condition, attribute)}
      unknownPath={!attribute ? condition?.attribute : undefined}
    />
  );
}

function ConditionForm({
  initial,
  unknownPath,
  onApply,
  onCancel,
  applyLabel = 'Apply',
}: ConditionEditorProps & { initial: ConditionDraft; unknownPath?: string }) {
  const id = useId();
  const [draft, setDraft] = useState(initial);
  const [fault, setFault] = useState<DraftFault>();
  const errorId = `${id}-error`;
  const update = (change: Partial<ConditionDraft>) => {
    setDraft((current) => ({ ...current, ...change }));
    setFault(undefined);
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    // React passes a submit on to the forms around, whatever the DOM says.
    event.stopPropagation();
    const result = terminalOf(draft);
    if ('field' in result) setFault(result);
    else onApply(result);
  };
  const { attribute, operator } = draft;
  const faultOn = (field: DraftFault['field']) => (fault?.field === field ? errorId : undefined);
  return (
    <form
      className="ps-qb-editor"
      data-testid="condition-editor"
      onSubmit={apply}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !event.defaultPrevented) onCancel();
      }}
    >
      <AttributePicker
        value={attribute}
        onPick={(picked) => {
          setDraft((current) => withAttribute(current, picked));
          setFault(undefined);
        }}
        describedBy={faultOn('attribute')}
        invalid={fault?.field === 'attribute'}
        autoFocus={!attribute}
      />
      {unknownPath && !attribute && (
        <p className="ps-qb-note">
          <code>{unknownPath}</code> is not an attribute this service searches: choose another.
        </p>
      )}
      {attribute && (
        <div className="ps-qb-row">
          <label className="ps-qb-field">
            <span className="ps-qb-label">Operator</span>
            <select
              className="ps-qb-input"
              data-testid="operator-select"
              value={operator}
              onChange={(event) => {
                setDraft((current) => withOperator(current, event.target.value as Operator));
                setFault(undefined);
              }}
            >
              {operatorsOf(attribute).map((o) => (
                <option key={o} value={o}>
                  {OPERATOR_LABELS[o]}
                </option>
              ))}
            </select>
          </label>
          {operator && (
            <ValueInputs
              attribute={attribute}
              operator={operator}
              draft={draft}
              update={update}
              faultOn={faultOn}
            />
          )}
        </div>
      )}
      {attribute?.description && <p className="ps-qb-note">{attribute.description}</p>}
      <div className="ps-qb-row">
        <label className="ps-qb-check">
          <input
            type="checkbox"
            checked={draft.negation}
            onChange={(event) => update({ negation: event.target.checked })}
          />{' '}
          Not (exclude what matches)
        </label>
        {operator === 'exact_match' && (
          <label className="ps-qb-check">
            <input
              type="checkbox"
              checked={draft.caseSensitive}
              onChange={(event) => update({ caseSensitive: event.target.checked })}
            />{' '}
            Case-sensitive
          </label>
        )}
      </div>
      <p id={errorId} className="ps-qb-error" role="alert">
        {fault?.message}
      </p>
      <div className="ps-qb-row">
        <button type="submit" className="ps-sp-button" data-testid="condition-apply">
          {applyLabel}
        </button>
        <button type="button" className="ps-qb-button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
