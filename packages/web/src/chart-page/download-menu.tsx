import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { ChartExportInput, ExportFormat } from '../export/types.ts';
import { EXPORT_FORMATS, loadChartExport, useChartDownload } from './use-chart-download.ts';

export interface DownloadMenuProps {
  /** The chart's data; the menu is disabled without it. */
  input: ChartExportInput | undefined;
  /** The chart's SVG element, for the image formats. */
  chart: RefObject<SVGSVGElement | null>;
}

/**
 * A menu button (WAI-ARIA APG "menu button"): Enter, Space or ↓ opens it on the first item, ↑ on the
 * last; ↑ ↓ Home End move; Escape or Tab closes it. Opening it fetches the download code.
 */
export function DownloadMenu({ input, chart }: DownloadMenuProps) {
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const buttonId = useId();
  const menuId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);
  const { download, busy, error } = useChartDownload(input, chart);

  const openAt = (index: number) => {
    void loadChartExport().catch(() => undefined); // fetched while the visitor picks; errors show on use
    setFocusIndex(index);
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  useEffect(() => {
    if (open) items.current[focusIndex]?.focus();
  }, [open, focusIndex]);

  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowDown' ? 0 : EXPORT_FORMATS.length - 1);
    }
  };

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = EXPORT_FORMATS.length - 1;
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
    }
  };

  const choose = (format: ExportFormat) => {
    close(true);
    void download(format);
  };

  return (
    <div ref={wrapper} className="ps-download">
      <button
        ref={button}
        id={buttonId}
        type="button"
        className="ps-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={!input}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKey}
      >
        {busy ? 'Preparing…' : 'Download'}
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          className="ps-download-menu"
          onKeyDown={onMenuKey}
        >
          {EXPORT_FORMATS.map(({ format, label }, index) => (
            <button
              key={format}
              ref={(element) => {
                items.current[index] = element;
              }}
              type="button"
              role="menuitem"
              tabIndex={index === focusIndex ? 0 : -1}
              className="ps-download-item"
              data-format={format}
              onClick={() => choose(format)}
            >
              {label}
            </button>
          ))}
        </div>
      )}
      {error && (
        <p role="alert" className="ps-download-error">
          {error}
        </p>
      )}
    </div>
  );
}
