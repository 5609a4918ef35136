import { h } from './dom.ts';

/**
 * A wide table in a box that scrolls sideways on a narrow screen instead of widening the page. The
 * box is focusable and named, so keyboard users can scroll it and screen readers announce it.
 */
export function scrollBox(table: HTMLTableElement, label: string): HTMLElement {
  return h('div', { class: 'ps-sp-scroll', role: 'region', 'aria-label': label, tabindex: 0 }, table);
}
