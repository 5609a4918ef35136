import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

/** One choice of a combo box. */
export interface ComboOption<T> {
  key: string;
  label: ReactNode;
  /** A second line or a count, beside the label. */
  detail?: ReactNode;
  value: T;
}

/** Choices under a heading (no heading: one plain list). */
export interface ComboGroup<T> {
  name?: string;
  options: ComboOption<T>[];
}

interface ComboBoxProps<T> {
  label: string;
  /** The text in the box. */
  text: string;
  onText: (text: string) => void;
  groups: ComboGroup<T>[];
  onPick: (value: T) => void;
  placeholder?: string;
  /** A line under the choices: how many there are, that more are loading. */
  status?: ReactNode;
  /** Id of a message about the box (its error). */
  describedBy?: string;
  invalid?: boolean;
  inputMode?: 'text' | 'search';
  testId?: string;
  autoFocus?: boolean;
}

/**
 * A text box with a list of choices that follows the text (the ARIA combobox pattern): arrows move
 * through the choices, Enter takes one, Escape closes the list; a tap or click takes one too.
 */
export function ComboBox<T>({
  label,
  text,
  onText,
  groups,
  onPick,
  placeholder,
  status,
  describedBy,
  invalid,
  testId,
  autoFocus,
}: ComboBoxProps<T>) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const options = groups.flatMap((g) => g.options);
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const shown = open && (options.length > 0 || status !== undefined);
  const popup = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (active >= 0)
      popup.current?.querySelector(`[id="${optionId(active)}"]`)?.scrollIntoView({ block: 'nearest' });
    // optionId only depends on the id, fixed for the component's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);

  const pick = (option: ComboOption<T> | undefined) => {
    if (!option) return;
    onPick(option.value);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(true);
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + options.length) % options.length);
    } else if (event.key === 'Enter' && open && active >= 0) {
      event.preventDefault();
      pick(options[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  };

  let index = 0;
  return (
    <div className="ps-qb-combo">
      <label className="ps-qb-label" htmlFor={`${id}-input`}>
        {label}
      </label>
      <input
        id={`${id}-input`}
        className="ps-qb-input"
        type="text"
        role="combobox"
        aria-expanded={shown}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        value={text}
        data-testid={testId}
        // The editor opens on this box: the visitor types at once.
        autoFocus={autoFocus}
        onChange={(event) => {
          onText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      {/*
        The list does not scroll within itself (a scrolling box of options that cannot take the focus
        is out of reach of some keyboards): the page scrolls, following the active choice.
      */}
      <div className="ps-qb-popup" hidden={!shown} ref={popup}>
        <ul id={listId} role="listbox" aria-label={label} className="ps-qb-list">
          {groups.map((group, g) => {
            const items = group.options.map((option) => {
              const i = index++;
              return (
                <li
                  key={option.key}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === active}
                  className={`ps-qb-option${i === active ? ' ps-qb-active' : ''}`}
                  // Keeps the focus in the box, so the list does not close before the click lands.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => pick(option)}
                >
                  <span className="ps-qb-option-label">{option.label}</span>
                  {option.detail !== undefined && (
                    <span className="ps-qb-option-detail">{option.detail}</span>
                  )}
                </li>
              );
            });
            if (!group.name) return items;
            const headingId = `${id}-group-${g}`;
            return (
              <li key={group.name} role="presentation">
                <div id={headingId} className="ps-qb-group-name" role="presentation">
                  {group.name}
                </div>
                <ul role="group" aria-labelledby={headingId} className="ps-qb-sublist">
                  {items}
                </ul>
              </li>
            );
          })}
        </ul>
        {status !== undefined && (
          <p className="ps-qb-status" aria-live="polite">
            {status}
          </p>
        )}
      </div>
    </div>
  );
}
