import { lazy, Suspense, useEffect, useId, useRef, type ReactNode } from 'react';
import { loadChunk } from '../routing/chunk-loader.ts';
import { useModal } from './modal-context.tsx';
import { MODAL_WIDTHS, MODAL_Z_INDEX, SNAPSHOT_MODAL_TEXT, type ModalType } from './modal-types.ts';

const importSettings = () => import('./settings-modal.tsx');
const SettingsModalBody = lazy(() => loadChunk(importSettings));

/**
 * Starts loading the settings modal's chunk when a 'Colors' button is hovered or focused, so the
 * modal opens with its body (Tab pressed before the body arrives would find only the buttons of
 * the frame). A failure here is left to the modal itself, which shows it when opened.
 */
export function preloadSettingsModal(): void {
  importSettings().catch(() => {});
}
const InformationModalBody = lazy(() => loadChunk(() => import('./information-modal.tsx')));

const DEFAULT_TITLES: Record<ModalType, string> = {
  settings: 'Settings',
  information: 'Information',
  fullscreen: '',
  snapshot: 'Snapshot',
  other: '',
};

/**
 * The one modal layer of the app: opened with a type, closed by the shared flag. Every
 * modal has a close button in its header and a 'Close' button in its footer.
 */
export function ModalLayer() {
  const modal = useModal();
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  const footerCloseRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const { isOpen, closeModal } = modal;

  useEffect(() => {
    if (!isOpen) return;
    const previous = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeModal();
      // The dialog is modal: Tab goes round from its last button to its first, Shift+Tab back.
      const first = closeRef.current;
      const last = footerCloseRef.current;
      if (event.key !== 'Tab' || !first || !last) return;
      const active = document.activeElement;
      const inside = dialogRef.current?.contains(active) ?? false;
      if (event.shiftKey ? active === first || !inside : active === last || !inside) {
        event.preventDefault();
        (event.shiftKey ? last : first).focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [isOpen, closeModal]);

  if (!isOpen) return null;
  let body: ReactNode;
  switch (modal.type) {
    case 'settings':
      body = <SettingsModalBody />;
      break;
    case 'information':
      body = <InformationModalBody chartKey={modal.chartKey} />;
      break;
    case 'snapshot':
      // A chart page hands its data and downloads; opened without content, a placeholder text.
      body = modal.content ?? <p>{SNAPSHOT_MODAL_TEXT}</p>;
      break;
    default:
      body = modal.content;
  }
  const title = modal.title ?? DEFAULT_TITLES[modal.type];
  return (
    <div
      className="ps-modal-backdrop"
      style={{ zIndex: MODAL_Z_INDEX }}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) closeModal();
      }}
    >
      <div
        className={`ps-modal ps-modal-${modal.type}`}
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-modal-type={modal.type}
        style={{ width: MODAL_WIDTHS[modal.type] }}
      >
        <div className="ps-modal-header">
          <h2 id={titleId} className="ps-modal-title">
            {title}
          </h2>
          <button ref={closeRef} type="button" className="ps-modal-x" aria-label="Close" onClick={closeModal}>
            ×
          </button>
        </div>
        <div className="ps-modal-body">
          <Suspense fallback={<p role="status">Loading…</p>}>{body}</Suspense>
        </div>
        <div className="ps-modal-footer">
          <button ref={footerCloseRef} type="button" className="ps-button" onClick={closeModal}>
            Close
          </button>
        </div>
      </div>
    </div>
  );
}
