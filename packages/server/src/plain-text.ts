/**
 * Text from elsewhere (an upstream's error message, its failure) made safe to show: no control
 * characters (CR and LF would end a header line), no bidirectional overrides (which reorder what a
 * reader sees), whitespace collapsed, and at most `maxLength` characters.
 */
export function plainText(text: string, maxLength = 500): string {
  // eslint-disable-next-line no-control-regex
  const plain = text.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028-\u202e\u2066-\u2069]+/g, ' ');
  const collapsed = plain.replace(/\s+/g, ' ').trim();
  return collapsed.length <= maxLength ? collapsed : `${collapsed.slice(0, maxLength - 1)}…`;
}

/** Plain text that is also a valid HTTP header value: visible ASCII only, anything else a `?`. */
export function headerText(text: string, maxLength = 300): string {
  return plainText(text, maxLength).replace(/[^\x20-\x7e]/g, '?');
}
