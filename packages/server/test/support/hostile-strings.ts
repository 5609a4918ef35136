/**
 * Strings that break SQL built by string concatenation, escaping done wrong, or text handling:
 * quotes and backslashes, statement injection, placeholder syntax of either engine, control
 * characters, non-ASCII and right-to-left text, LIKE wildcards, paths. The suites that send values
 * into SQL use them beside generated strings.
 */
export const HOSTILE_STRINGS: readonly string[] = [
  "'",
  "\\'",
  '\\',
  "'; DROP TABLE entry; --",
  `'; DROP TABLE "entry"; --`,
  '" OR 1=1 --',
  "read_parquet('/etc/passwd')",
  '../../etc/passwd',
  '\u0000',
  'a\u0000b',
  '`',
  '"',
  '\n\r\t',
  '\u007f',
  'é',
  '💥',
  '\u202e',
  '{x:String}',
  '$1',
  '?',
  '${now}',
  '%_',
];
