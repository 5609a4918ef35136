/** The words that mark a chart this archive cannot draw: text, not colour alone. */
export function NotHeldHint() {
  return <span className="ps-not-held-hint"> (not in this archive)</span>;
}
