import {
  Fragment,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';

/** An entry of a menu: an action, or a link that opens in a new tab. */
export type MenuEntry = {
  key: string;
  label: string;
  disabled?: boolean;
  testId?: string;
} & ({ onSelect: () => void } | { href: string });

/** Entries under a heading; groups are drawn apart. */
export interface MenuGroup {
  label: string;
  entries: MenuEntry[];
}

export interface MenuButtonProps {
  /** The button's text (its accessible name, and the menu's). */
  label: ReactNode;
  groups: MenuGroup[];
  /** Called when the menu opens (to fetch what its entries need). */
  onOpen?: () => void;
  className?: string;
}

/**
 * A menu button (WAI-ARIA APG "menu button"): Enter, Space or ↓ opens it on the first entry, ↑ on the
 * last; ↑ ↓ Home End move; Enter or Space picks; Escape or Tab closes it. An action gives focus back
 * to the button before it runs, so that a modal it opens returns focus there.
 */
export function MenuButton({ label, groups, onOpen, className }: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const [upwards, setUpwards] = useState(false);
  const buttonId = useId();
  const menuId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLElement | null)[]>([]);
  const menu = useRef<HTMLDivElement>(null);
  const entries = groups.flatMap((g) => g.entries);
  const last = entries.length - 1;

  const openAt = (index: number) => {
    onOpen?.();
    setFocusIndex(index);
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  // Upwards when the menu would run past the window's bottom and fits above the button.
  useLayoutEffect(() => {
    if (!open || !menu.current || !button.current) return;
    const height = menu.current.getBoundingClientRect().height;
    const { top, bottom } = button.current.getBoundingClientRect();
    setUpwards(bottom + height + 8 > window.innerHeight && top - height - 8 > 0);
  }, [open]);

  useEffect(() => {
    if (open) items.current[focusIndex]?.focus();
  }, [open, focusIndex, upwards]);

  useEffect(() => {
    if (!open) return;
    const onDown = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowDown' ? 0 : last);
    }
  };

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowDown: focusIndex === last ? 0 : focusIndex + 1,
      ArrowUp: focusIndex === 0 ? last : focusIndex - 1,
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      setFocusIndex(moves[event.key]!);
    } else if (event.key === 'Escape') {
      // Handled here: a modal layer below must not close too.
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    } else if (event.key === ' ' && event.target instanceof HTMLAnchorElement) {
      // A link follows Enter by itself; Space picks a menu entry too.
      event.preventDefault();
      event.target.click();
    }
  };

  const pick = (entry: MenuEntry) => {
    if ('onSelect' in entry) {
      close(true);
      entry.onSelect();
    } else {
      // The link opens in a new tab; the menu's work is done.
      close(false);
    }
  };

  // Each group's first entry's place in the menu, for the roving focus.
  const starts = groups.map((_, g) => groups.slice(0, g).reduce((n, group) => n + group.entries.length, 0));
  return (
    <div ref={wrapper} className={`ps-menu-button${className ? ` ${className}` : ''}`}>
      <button
        ref={button}
        id={buttonId}
        type="button"
        className="ps-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKey}
      >
        {label}
        <span className="ps-caret" aria-hidden="true" />
      </button>
      {open && (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          className={`ps-menu${upwards ? ' ps-menu-up' : ''}`}
          onKeyDown={onMenuKey}
        >
          {groups.map((group, g) => (
            <Fragment key={group.label}>
              {g > 0 && <div role="separator" className="ps-menu-separator" />}
              <div role="group" aria-label={group.label}>
                <div className="ps-menu-heading" aria-hidden="true">
                  {group.label}
                </div>
                {group.entries.map((entry, e) => {
                  const at = starts[g]! + e;
                  const common = {
                    ref: (element: HTMLElement | null) => {
                      items.current[at] = element;
                    },
                    role: 'menuitem',
                    tabIndex: at === focusIndex ? 0 : -1,
                    className: 'ps-menu-item',
                    'data-testid': entry.testId,
                    'aria-disabled': entry.disabled || undefined,
                  };
                  return 'href' in entry ? (
                    <a
                      key={entry.key}
                      {...common}
                      href={entry.href}
                      target="_blank"
                      rel="noopener noreferrer"
                      onClick={() => pick(entry)}
                    >
                      {entry.label}
                    </a>
                  ) : (
                    <button
                      key={entry.key}
                      {...common}
                      type="button"
                      data-action={entry.key}
                      onClick={() => !entry.disabled && pick(entry)}
                    >
                      {entry.label}
                    </button>
                  );
                })}
              </div>
            </Fragment>
          ))}
        </div>
      )}
    </div>
  );
}
