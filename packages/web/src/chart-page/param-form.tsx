import type { ReactNode } from 'react';

/**
 * A form that reloads the page with the parameters it has, those named `names` set by the buttons
 * and boxes inside: switches that work on a page read without scripts. With scripts, its controls
 * prevent the sending and change the page in place.
 */
export function ParamForm({
  params,
  names,
  children,
}: {
  params: URLSearchParams;
  names: readonly string[];
  children: ReactNode;
}) {
  return (
    <form method="get" className="ps-param-form">
      {[...params].map(([key, value], i) =>
        names.includes(key) ? null : <input key={`${key}-${i}`} type="hidden" name={key} value={value} />,
      )}
      {children}
    </form>
  );
}

/**
 * The button that sends a form of boxes on a page read without scripts. It is in the markup either
 * way (a <noscript> would differ between the server's markup and the hydrated page) and the
 * stylesheet shows it only where scripts do not run.
 */
export function ApplyButton() {
  return (
    <button type="submit" className="ps-button ps-apply">
      Apply
    </button>
  );
}
