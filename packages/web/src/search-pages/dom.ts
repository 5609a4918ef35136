/** What an element may hold: nodes and text; false and null leave nothing, so conditions read inline. */
export type Child = Node | string | number | null | undefined | false;

type Props = Record<string, string | number | boolean | undefined | ((event: Event) => void)>;

function nodes(children: Child[]): (Node | string)[] {
  return children.flatMap((c) =>
    c === null || c === undefined || c === false ? [] : [typeof c === 'number' ? String(c) : c],
  );
}

/**
 * A tiny element builder: the pages are a form and a few tables, not worth a UI library. Text is
 * always set as text (never as HTML), so data cannot inject markup. `onClick` and the like listen.
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (typeof value === 'function') element.addEventListener(name.slice(2).toLowerCase(), value);
    else if (value === true) element.setAttribute(name, '');
    else if (value !== false && value !== undefined) element.setAttribute(name, String(value));
  }
  element.append(...nodes(children));
  return element;
}

/** Replaces an element's content. */
export function show(element: Element, ...children: Child[]): void {
  element.replaceChildren(...nodes(children));
}
