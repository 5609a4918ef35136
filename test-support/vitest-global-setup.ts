import { requireSchemaDir } from './response-schema.ts';

/**
 * Says once per run when the official response schema is absent (every suite's search answers
 * then go unchecked); under `CI=1` its absence fails the run.
 */
export default function setup(): void {
  requireSchemaDir();
}
