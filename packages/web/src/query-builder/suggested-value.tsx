import { formatNumber } from '../charts/format.ts';
import type { PickerAttribute } from './catalogue.ts';
import { ComboBox } from './combo-box.tsx';
import { useSuggestions } from './use-suggestions.ts';

/** Values offered at once; typing narrows them. */
const MAX_SUGGESTIONS = 20;

/** A text value with the archive's most frequent values (and the allowed ones) offered as you type. */
export function SuggestedValue({
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
