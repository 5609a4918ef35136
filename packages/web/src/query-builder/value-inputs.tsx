import type { Operator } from '@pdb-stats/search-model';
import { Bound } from './bound-input.tsx';
import type { PickerAttribute } from './catalogue.ts';
import type { ConditionDraft, DraftFault } from './condition-draft.ts';
import { SuggestedValue } from './suggested-value.tsx';
import { ValueList } from './value-list.tsx';

export interface ValueInputsProps {
  attribute: PickerAttribute;
  operator: Operator;
  draft: ConditionDraft;
  update: (change: Partial<ConditionDraft>) => void;
  faultOn: (field: DraftFault['field']) => string | undefined;
}

/** The inputs of the operator's value, fitted to the attribute's type. */
export function ValueInputs({ attribute, operator, draft, update, faultOn }: ValueInputsProps) {
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
