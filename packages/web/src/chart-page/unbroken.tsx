/**
 * Text whose hyphenated words (R-free, X-ray, Cryo-EM) never break at their hyphen: a narrow
 * screen put "R-" at a line's end and "free" on the next. The text itself is unchanged; each such
 * word is kept whole by the stylesheet.
 */
export function Unbroken({ text }: { text: string }) {
  const parts = text.split(/(\S*\w-\w\S*)/);
  return parts.map((part, i) =>
    i % 2 === 1 ? (
      <span key={i} className="ps-nowrap">
        {part}
      </span>
    ) : (
      part
    ),
  );
}
