/** Types of the shared modal layer and their widths. */
export const MODAL_TYPES = ['settings', 'information', 'fullscreen', 'snapshot', 'other'] as const;
export type ModalType = (typeof MODAL_TYPES)[number];

export const MODAL_WIDTHS: Record<ModalType, string> = {
  settings: '40%',
  information: '60%',
  fullscreen: '100%',
  // Wide enough for a year and seven series side by side; narrower, the table shows one block per row.
  snapshot: '60%',
  other: '50%',
};

/** Stacking level of the modal layer. */
export const MODAL_Z_INDEX = 1050;

export const SNAPSHOT_MODAL_TEXT = 'Snapshot Modal Content';
