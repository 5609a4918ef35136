/** Where a part of a JSON text lies: `[start, end)` offsets. */
export interface Span {
  start: number;
  end: number;
}

type Step = string | number;

/**
 * The steps of a validation field (`request_options.facets[0].attribute`); the service writes object
 * keys with dots and array items in brackets.
 */
export function fieldSteps(field: string): Step[] {
  const steps: Step[] = [];
  for (const match of field.matchAll(/([^.[\]]+)|\[(\d+)\]/g))
    steps.push(match[2] !== undefined ? Number(match[2]) : match[1]!);
  return steps;
}

interface Located {
  span: Span;
  /** False when the text stops short of the field (a missing key): the span is its nearest parent. */
  exact: boolean;
}

/** A scanner over valid JSON that records where the value of each step starts and ends. */
class Scanner {
  i = 0;
  constructor(private readonly text: string) {}

  private space() {
    while (/\s/.test(this.text[this.i] ?? '')) this.i++;
  }

  /** Skips one value; returns its span. */
  value(): Span {
    this.space();
    const start = this.i;
    const c = this.text[this.i];
    if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      this.i++;
      this.space();
      while (this.text[this.i] !== close && this.i < this.text.length) {
        if (c === '{') {
          this.string();
          this.space();
          this.i++; // ':'
        }
        this.value();
        this.space();
        if (this.text[this.i] === ',') this.i++;
        this.space();
      }
      this.i++;
    } else if (c === '"') this.string();
    else while (this.i < this.text.length && !/[\s,\]}]/.test(this.text[this.i]!)) this.i++;
    return { start, end: this.i };
  }

  string(): string {
    const start = this.i;
    this.i++;
    while (this.i < this.text.length && this.text[this.i] !== '"')
      this.i += this.text[this.i] === '\\' ? 2 : 1;
    this.i++;
    return JSON.parse(this.text.slice(start, this.i)) as string;
  }

  /** Moves into the container at the cursor to the member or item `step`; its span with the key. */
  enter(step: Step): Span | undefined {
    this.space();
    const c = this.text[this.i];
    if (c !== '{' && c !== '[') return undefined;
    this.i++;
    for (let index = 0; ; index++) {
      this.space();
      if (this.text[this.i] === '}' || this.text[this.i] === ']' || this.i >= this.text.length)
        return undefined;
      const start = this.i;
      let key: Step = index;
      if (c === '{') {
        key = this.string();
        this.space();
        this.i++; // ':'
      }
      if (key === step) {
        this.space();
        const at = this.i;
        const end = this.value().end;
        this.i = at;
        return { start, end };
      }
      this.value();
      this.space();
      if (this.text[this.i] === ',') this.i++;
    }
  }
}

/**
 * Where the field a validation error names sits in the request text: the member (`"key": value`) or
 * array item, or its nearest parent when the field is missing. Undefined for text that is not JSON.
 */
export function locateField(text: string, field: string): Located | undefined {
  try {
    JSON.parse(text);
  } catch {
    return undefined;
  }
  const scanner = new Scanner(text);
  let span = { ...scanner.value() };
  scanner.i = 0;
  for (const step of fieldSteps(field)) {
    const found = scanner.enter(step);
    if (!found) return { span, exact: false };
    span = found;
  }
  return { span, exact: true };
}

/** The 1-based line of an offset, to name it beside the message. */
export function lineOf(text: string, offset: number): number {
  return text.slice(0, offset).split('\n').length;
}

/** The offset of a JSON.parse error, when the engine reports one ("… at position 42"). */
export function syntaxErrorOffset(text: string, message: string): number | undefined {
  const position = /position (\d+)/.exec(message);
  if (position) return Math.min(Number(position[1]), text.length);
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  if (!lineColumn) return undefined;
  const lines = text.split('\n').slice(0, Number(lineColumn[1]) - 1);
  return lines.reduce((sum, line) => sum + line.length + 1, 0) + Number(lineColumn[2]) - 1;
}

/** The JSON parser's complaints in plain words (V8's wording, which Chromium and Node share). */
const REASONS: [RegExp, string][] = [
  [/Expected property name or '}'/, 'a property name in double quotes, or a closing }, is expected here'],
  [
    /Expected double-quoted property name/,
    'a property name in double quotes is expected here (a comma too many?)',
  ],
  [/Expected ',' or '}' after property value/, 'a comma or a closing } is missing after a value'],
  [/Expected ',' or ']' after array element/, 'a comma or a closing ] is missing after a list item'],
  [/Expected ':' after property name/, 'a colon is missing after a property name'],
  [/Unterminated string/, 'a string is not closed with a double quote'],
  [/Bad control character in string literal/, 'a string holds a line break or a tab; write \\n or \\t'],
  [/Unexpected non-whitespace character after JSON/, 'there is more text after the request’s closing }'],
  [/Unexpected end of JSON input/, 'the text ends early: a closing }, ] or " is missing'],
  [/Unexpected token/, 'this character is not allowed here'],
];

/** True when the text is JSON, or could become JSON by adding to its end. */
function isJsonPrefix(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch (error) {
    const message = (error as Error).message;
    if (/end of JSON input|Unterminated string/.test(message)) return true;
    const offset = syntaxErrorOffset(text, message);
    return offset !== undefined && offset >= text.length;
  }
}

/**
 * Where a parser that names no position (V8's "Unexpected token") stopped: the last character of
 * the longest prefix that could still be the start of JSON. Once a prefix cannot, no longer one can,
 * so a binary search finds it.
 */
function firstFaultyOffset(text: string): number | undefined {
  let good = 0;
  let bad = text.length;
  if (isJsonPrefix(text)) return undefined;
  while (bad - good > 1) {
    const middle = Math.floor((good + bad) / 2);
    if (isJsonPrefix(text.slice(0, middle))) good = middle;
    else bad = middle;
  }
  return bad - 1;
}

/**
 * Why a text is not JSON, in plain words, and where: the offset, line and column of the fault when
 * the parser says. Undefined for valid JSON.
 */
export function jsonFault(
  text: string,
): { reason: string; at?: { offset: number; line: number; column: number } } | undefined {
  try {
    JSON.parse(text);
    return undefined;
  } catch (error) {
    const message = (error as Error).message;
    const reason = REASONS.find(([pattern]) => pattern.test(message))?.[1] ?? message;
    const offset = /end of JSON input/.test(message)
      ? text.length
      : (syntaxErrorOffset(text, message) ?? firstFaultyOffset(text));
    if (offset === undefined) return { reason };
    const line = lineOf(text, offset);
    const column = offset - text.lastIndexOf('\n', offset - 1);
    return { reason, at: { offset, line, column } };
  }
}
