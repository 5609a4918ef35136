import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { ModalType } from './modal-types.ts';

export interface ModalOptions {
  title?: string;
  /** Content of a fullscreen, snapshot or other modal. */
  content?: ReactNode;
  /** The chart whose notes an information modal shows. */
  chartKey?: string;
}

export interface ModalState extends ModalOptions {
  /** The shared flag: one modal at a time. */
  isOpen: boolean;
  type: ModalType;
}

export interface ModalContextValue extends ModalState {
  openModal: (type: ModalType, options?: ModalOptions) => void;
  closeModal: () => void;
}

const ModalContext = createContext<ModalContextValue | null>(null);

export function ModalProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<ModalState>({ isOpen: false, type: 'other' });
  const openModal = useCallback(
    (type: ModalType, options: ModalOptions = {}) => setState({ ...options, type, isOpen: true }),
    [],
  );
  const closeModal = useCallback(() => setState((s) => ({ ...s, isOpen: false, content: undefined })), []);
  const value = useMemo(() => ({ ...state, openModal, closeModal }), [state, openModal, closeModal]);
  return <ModalContext.Provider value={value}>{children}</ModalContext.Provider>;
}

/** The modal layer; throws outside a ModalProvider. */
export function useModal(): ModalContextValue {
  const context = useContext(ModalContext);
  if (!context) throw new Error('useModal must be used within a ModalProvider');
  return context;
}
