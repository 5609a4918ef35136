import { RcsbSearchMetadata } from '@rcsb/rcsb-api-tools/lib/RcsbSearch/Types/SearchMetadata.js';

/** One attribute of the public archive's metadata (RcsbSearchMetadata of @rcsb/rcsb-api-tools). */
export interface PublicAttribute {
  path: string;
  type: string;
  format?: string;
  description?: string;
  rcsb_search_context?: string[];
  rcsb_full_text_priority?: number;
  rcsb_description?: { text: string; context: string }[];
  rcsb_search_group?: { group_name: string; priority_order: number }[];
  rcsb_enum_annotated?: { value: string; detail?: string; name?: string }[];
  enum?: Record<string, string>;
  examples?: unknown[];
  rcsb_current_minimum_value?: number;
  rcsb_current_maximum_value?: number;
}

function collect(node: unknown, into: Map<string, PublicAttribute[]>): void {
  if (typeof node !== 'object' || node === null) return;
  const candidate = node as { path?: unknown };
  if (typeof candidate.path === 'string') {
    const attribute = node as PublicAttribute;
    into.set(attribute.path, [...(into.get(attribute.path) ?? []), attribute]);
    return;
  }
  for (const value of Object.values(node)) collect(value, into);
}

let vocabulary: Map<string, PublicAttribute[]> | undefined;

/** Every searchable attribute of the public archive (structure and chemical), by path. */
export function publicVocabulary(): Map<string, PublicAttribute[]> {
  if (!vocabulary) {
    vocabulary = new Map();
    collect(RcsbSearchMetadata, vocabulary);
  }
  return vocabulary;
}
