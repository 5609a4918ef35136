import { useId, type ReactNode } from 'react';
import { formatNumber } from '../charts/format.ts';
import type { PickerAttribute } from './catalogue.ts';

/** A number or date input with the attribute's unit, and the archive's current bounds as a hint. */
export function Bound({
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
