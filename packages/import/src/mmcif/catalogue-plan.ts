import type { ReturnType } from '@pdb-stats/search-model';
import { normalName } from './cif-file.ts';
import type { Facts } from './facts.ts';
import { convertValue } from './values.ts';
import type { AttributeSpec, InvalidValueCounts, Row } from './types.ts';

/** A plain column: where its values may sit among the facts, longest group name first. */
interface PlainTarget {
  attribute: AttributeSpec;
  candidates: { root: string; item: string }[];
}

/** A nested-record column: the group whose records become its structs, and their fields. */
interface NestedTarget {
  column: string;
  group: string;
  inner?: string;
  fields: { name: string; item: string; attribute: AttributeSpec }[];
}

/** How the catalogue's attributes of one level are filled from an object's facts. */
export interface LevelPlan {
  plain: PlainTarget[];
  nested: NestedTarget[];
  /** Categories (first path segments) the level's attributes name, in normal spelling. */
  roots: Set<string>;
}

export type CataloguePlan = Map<ReturnType, LevelPlan>;

const plans = new WeakMap<readonly AttributeSpec[], CataloguePlan>();

/** The plan of a catalogue, built once per attribute list. */
export function planOf(attributes: readonly AttributeSpec[]): CataloguePlan {
  const cached = plans.get(attributes);
  if (cached) return cached;
  const plan: CataloguePlan = new Map();
  const levelPlan = (level: ReturnType) => {
    let found = plan.get(level);
    if (!found) plan.set(level, (found = { plain: [], nested: [], roots: new Set() }));
    return found;
  };
  const nestedByColumn = new Map<string, NestedTarget>();
  for (const attribute of attributes) {
    if (attribute.path === 'rcsb_id') continue; // set by the parser on every level
    const target = levelPlan(attribute.level);
    target.roots.add(normalName(attribute.path.split('.')[0]!));
    if (attribute.nested) {
      const { root, inner } = attribute.nested;
      const group = inner ? `${root}.${inner}` : root;
      const key = `${attribute.level} ${group}`;
      let nested = nestedByColumn.get(key);
      if (!nested) {
        nested = { column: root, group: normalName(group), ...(inner && { inner }), fields: [] };
        nestedByColumn.set(key, nested);
        target.nested.push(nested);
      }
      const name = attribute.path.slice(group.length + 1);
      nested.fields.push({ name, item: normalName(name), attribute });
      continue;
    }
    const segments = attribute.path.split('.');
    const candidates = [];
    for (let cut = segments.length - 1; cut >= 1; cut--)
      candidates.push({
        root: normalName(segments.slice(0, cut).join('.')),
        item: normalName(segments.slice(cut).join('.')),
      });
    target.plain.push({ attribute, candidates });
  }
  plans.set(attributes, plan);
  return plan;
}

function count(invalid: InvalidValueCounts, path: string): void {
  invalid.set(path, (invalid.get(path) ?? 0) + 1);
}

/**
 * Turns an object's facts into a row of the level: every catalogue attribute whose values are among
 * the facts gets its column (a list when multi, else the first value; nested records as lists of
 * structs). Values that cannot be read as the attribute's type are left out and counted.
 */
export function placeFacts(facts: Facts, plan: LevelPlan, invalid: InvalidValueCounts): Row {
  const row: Row = {};
  for (const { attribute, candidates } of plan.plain) {
    const values: (string | number)[] = [];
    for (const { root, item } of candidates) {
      const records = facts.get(root);
      if (!records) continue;
      for (const record of records) {
        const raw = record[item];
        for (const one of Array.isArray(raw) ? raw : [raw]) {
          const converted = convertValue(one, attribute.type);
          if (converted === 'invalid') count(invalid, attribute.path);
          else if (converted !== 'missing') values.push(converted.value);
        }
        if (values.length > 0 && !attribute.multi) break;
      }
      if (values.length > 0) break;
    }
    if (values.length === 0) continue;
    row[attribute.path] = attribute.multi ? values : values[0];
  }
  for (const nested of plan.nested) {
    const records = facts.get(nested.group);
    if (!records) continue;
    const structs: Record<string, string | number>[] = [];
    for (const record of records) {
      const struct: Record<string, string | number> = {};
      let filled = false;
      for (const { name, item, attribute } of nested.fields) {
        if (Array.isArray(record[item])) continue; // a struct field holds one value
        const converted = convertValue(record[item], attribute.type);
        if (converted === 'invalid') count(invalid, attribute.path);
        else if (converted !== 'missing') {
          struct[name] = converted.value;
          filled = true;
        }
      }
      if (filled) structs.push(struct);
    }
    if (structs.length === 0) continue;
    row[nested.column] = nested.inner ? [{ [nested.inner]: structs }] : structs;
  }
  return row;
}
