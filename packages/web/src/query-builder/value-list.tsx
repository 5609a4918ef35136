import { useState } from 'react';
import { Bound } from './bound-input.tsx';
import type { PickerAttribute } from './catalogue.ts';
import type { ConditionDraft } from './condition-draft.ts';
import { SuggestedValue } from './suggested-value.tsx';

/** The values of "in": each added from the suggestions or typed, each removable. */
export function ValueList({
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
