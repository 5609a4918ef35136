import { RequestValidationError } from './errors.ts';

/** Small readers over untrusted JSON; each names the path it reads in its error. */

export type JsonObject = Record<string, unknown>;

export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string')
    return `the string ${JSON.stringify(value.length > 60 ? value.slice(0, 60) + '…' : value)}`;
  if (typeof value === 'number' || typeof value === 'boolean') return `${typeof value} ${String(value)}`;
  return `an ${typeof value}`;
}

export function child(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return path ? `${path}.${key}` : key;
}

export function expectObject(value: unknown, path: string, allowed: readonly string[]): JsonObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new RequestValidationError('REQ_ERR_TYPE', path, `must be an object, got ${describe(value)}`);
  }
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) {
      throw new RequestValidationError(
        'REQ_ERR_UNKNOWN_KEY',
        child(path, key),
        `unknown key; allowed here: ${allowed.join(', ')}`,
      );
    }
  }
  return value as JsonObject;
}

export function required<T>(
  object: JsonObject,
  key: string,
  path: string,
  read: (v: unknown, p: string) => T,
): T {
  if (object[key] === undefined) {
    throw new RequestValidationError('REQ_ERR_REQUIRED', child(path, key), 'is required');
  }
  return read(object[key], child(path, key));
}

export function optional<T>(
  object: JsonObject,
  key: string,
  path: string,
  read: (v: unknown, p: string) => T,
): T | undefined {
  return object[key] === undefined ? undefined : read(object[key], child(path, key));
}

export function expectString(value: unknown, path: string): string {
  if (typeof value !== 'string') {
    throw new RequestValidationError('REQ_ERR_TYPE', path, `must be a string, got ${describe(value)}`);
  }
  return value;
}

export function expectBoolean(value: unknown, path: string): boolean {
  if (typeof value !== 'boolean') {
    throw new RequestValidationError('REQ_ERR_TYPE', path, `must be true or false, got ${describe(value)}`);
  }
  return value;
}

export function expectNumber(value: unknown, path: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new RequestValidationError('REQ_ERR_TYPE', path, `must be a number, got ${describe(value)}`);
  }
  return value;
}

export function expectInteger(value: unknown, path: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new RequestValidationError('REQ_ERR_TYPE', path, `must be an integer, got ${describe(value)}`);
  }
  if (value < min || value > max) {
    throw new RequestValidationError(
      'REQ_ERR_RANGE',
      path,
      `must be between ${min} and ${max}, got ${value}`,
    );
  }
  return value;
}

export function expectEnum<T extends string>(value: unknown, path: string, allowed: readonly T[]): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw new RequestValidationError(
      'REQ_ERR_ENUM',
      path,
      `must be one of ${allowed.map((a) => `"${a}"`).join(', ')}, got ${describe(value)}`,
    );
  }
  return value as T;
}

export function expectArray(value: unknown, path: string, minItems = 1): unknown[] {
  if (!Array.isArray(value)) {
    throw new RequestValidationError('REQ_ERR_TYPE', path, `must be an array, got ${describe(value)}`);
  }
  if (value.length < minItems) {
    throw new RequestValidationError('REQ_ERR_RANGE', path, `must hold at least ${minItems} item(s)`);
  }
  return value;
}
