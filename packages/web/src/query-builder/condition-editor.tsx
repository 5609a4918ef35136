import type { Operator, TerminalNode } from '@pdb-stats/search-model';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { formatNumber } from '../charts/format.ts';
import { AttributePicker } from './attribute-picker.tsx';
import { findPickerAttribute, OPERATOR_LABELS, operatorsOf, type PickerAttribute } from './catalogue.ts';
import { ComboBox } from './combo-box.tsx';
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
import { useSuggestions } from './use-suggestions.ts';
import './query-builder.css';

/** Values offered at once; typing narrows them. */
const MAX_SUGGESTIONS = 20;

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

interface ValueInputsProps {
  attribute: PickerAttribute;
  operator: Operator;
  draft: ConditionDraft;
  update: (change: Partial<ConditionDraft>) => void;
  faultOn: (field: DraftFault['field']) => string | undefined;
}

/** The inputs of the operator's value, fitted to the attribute's type. */
function ValueInputs({ attribute, operator, draft, update, faultOn }: ValueInputsProps) {
  switch (operator) {
    case 'exists':
      return null;
    case 'range':
      return (
        <>
          <Bound
            label="From"
            attribute={attribute}
            text={draft.from}
            onText={(from) => update({ from })}
            describedBy={faultOn('from')}
          >
            <label className="ps-qb-check">
              <input
                type="checkbox"
                checked={draft.includeLower}
                onChange={(e) => update({ includeLower: e.target.checked })}
              />{' '}
              including
            </label>
          </Bound>
          <Bound
            label="To"
            attribute={attribute}
            text={draft.to}
            onText={(to) => update({ to })}
            describedBy={faultOn('to')}
          >
            <label className="ps-qb-check">
              <input
                type="checkbox"
                checked={draft.includeUpper}
                onChange={(e) => update({ includeUpper: e.target.checked })}
              />{' '}
              including
            </label>
          </Bound>
        </>
      );
    case 'in':
      return (
        <ValueList attribute={attribute} draft={draft} update={update} describedBy={faultOn('values')} />
      );
    case 'exact_match':
      return (
        <SuggestedValue
          attribute={attribute}
          text={draft.value}
          onText={(value) => update({ value })}
          onPick={(value) => update({ value })}
          describedBy={faultOn('value')}
        />
      );
    default:
      return attribute.type === 'string' ? (
        <label className="ps-qb-field ps-qb-grow">
          <span className="ps-qb-label">{operator === 'contains_phrase' ? 'Phrase' : 'Words'}</span>
          <input
            className="ps-qb-input"
            data-testid="value-input"
            value={draft.value}
            aria-describedby={faultOn('value')}
            onChange={(event) => update({ value: event.target.value })}
          />
        </label>
      ) : (
        <Bound
          label="Value"
          attribute={attribute}
          text={draft.value}
          onText={(value) => update({ value })}
          describedBy={faultOn('value')}
        />
      );
  }
}

/** A number or date input with the attribute's unit, and the archive's current bounds as a hint. */
function Bound({
  label,
  attribute,
  text,
  onText,
  describedBy,
  children,
}: {
  label: string;
  attribute: PickerAttribute;
  text: string;
  onText: (text: string) => void;
  describedBy?: string;
  children?: ReactNode;
}) {
  const id = useId();
  const date = attribute.type === 'date';
  // Date math ("now-1y") does not fit a date picker: such a value is edited as text.
  const plainDate = text === '' || /^\d{4}-\d{2}-\d{2}$/.test(text);
  const hint =
    attribute.min !== undefined && attribute.max !== undefined
      ? `${formatNumber(attribute.min)} to ${formatNumber(attribute.max)} in this archive`
      : undefined;
  return (
    <span className="ps-qb-field">
      <label className="ps-qb-label" htmlFor={id}>
        {label}
        {attribute.unit && ` (${attribute.unit})`}
      </label>
      <span className="ps-qb-inline">
        <input
          id={id}
          className="ps-qb-input ps-qb-number"
          data-testid={`value-${label.toLowerCase()}`}
          type={date ? (plainDate ? 'date' : 'text') : 'number'}
          step={attribute.type === 'integer' ? 1 : 'any'}
          inputMode={date ? undefined : attribute.type === 'integer' ? 'numeric' : 'decimal'}
          value={text}
          title={hint}
          aria-describedby={describedBy}
          onChange={(event) => onText(event.target.value)}
        />
        {attribute.unit && (
          <span className="ps-qb-unit" aria-hidden="true">
            {attribute.unit}
          </span>
        )}
        {children}
      </span>
    </span>
  );
}

/** A text value with the archive's most frequent values (and the allowed ones) offered as you type. */
function SuggestedValue({
  attribute,
  text,
  onText,
  onPick,
  label = 'Value',
  describedBy,
}: {
  attribute: PickerAttribute;
  text: string;
  onText: (text: string) => void;
  onPick: (value: string) => void;
  label?: string;
  describedBy?: string;
}) {
  const { suggestions, pending } = useSuggestions(attribute, text);
  const status = pending
    ? 'Looking up the archive’s values…'
    : suggestions.length === 0
      ? 'No value of the archive contains this text.'
      : undefined;
  return (
    <span className="ps-qb-grow">
      <ComboBox
        label={label}
        text={text}
        onText={onText}
        onPick={onPick}
        describedBy={describedBy}
        testId="value-input"
        placeholder={attribute.values ? 'Choose or type a value' : 'Type to see the archive’s values'}
        status={status}
        groups={[
          {
            options: suggestions.slice(0, MAX_SUGGESTIONS).map((s) => ({
              key: s.value,
              value: s.value,
              label: s.value,
              ...(s.count !== undefined && { detail: formatNumber(s.count) }),
            })),
          },
        ]}
      />
    </span>
  );
}

/** The values of "in": each added from the suggestions or typed, each removable. */
function ValueList({
  attribute,
  draft,
  update,
  describedBy,
}: {
  attribute: PickerAttribute;
  draft: ConditionDraft;
  update: (change: Partial<ConditionDraft>) => void;
  describedBy?: string;
}) {
  const [text, setText] = useState('');
  const add = (value: string) => {
    if (value.trim() === '' || draft.values.includes(value)) return;
    update({ values: [...draft.values, value] });
    setText('');
  };
  return (
    <span className="ps-qb-field ps-qb-grow">
      <ul className="ps-qb-values" aria-label="Values">
        {draft.values.map((value) => (
          <li key={value} className="ps-qb-value">
            {value}
            {attribute.unit && ` ${attribute.unit}`}
            <button
              type="button"
              className="ps-qb-remove"
              aria-label={`Remove ${value}`}
              onClick={() => update({ values: draft.values.filter((v) => v !== value) })}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <span
        className="ps-qb-inline"
        // Enter adds the typed value to the list (a choice taken from the list is added already).
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || event.defaultPrevented || text.trim() === '') return;
          event.preventDefault();
          add(text);
        }}
      >
        {attribute.type === 'string' ? (
          <SuggestedValue
            attribute={attribute}
            text={text}
            onText={setText}
            onPick={add}
            label="Add a value"
            describedBy={describedBy}
          />
        ) : (
          <Bound
            label="Add a value"
            attribute={attribute}
            text={text}
            onText={setText}
            describedBy={describedBy}
          />
        )}
        <button type="button" className="ps-qb-button" onClick={() => add(text)}>
          Add
        </button>
      </span>
    </span>
  );
}
