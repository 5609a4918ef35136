import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type {
  CoreChemComp,
  CoreEntry,
  RcsbChemCompDescriptor,
} from '@rcsb/rcsb-api-tools/lib/RcsbGraphQL/Types/Yosemite/GqlTypes.js';

/**
 * An entry document as the stand-in serves it: the entry's own fields with its polymer, branched and
 * non-polymer entities (each holding its instances) and its assemblies nested inside, the shape a
 * query reaching down from `entries` sees.
 */
export type EntryDoc = CoreEntry;

/**
 * A chemical component document. A recorded one holds only the fields its query selected, so its
 * rcsb_id and its descriptor's comp_id may be missing; the stand-in fills both in when serving.
 */
export type ChemCompDoc = Omit<CoreChemComp, 'rcsb_id' | 'rcsb_chem_comp_descriptor'> & {
  rcsb_id?: string;
  rcsb_chem_comp_descriptor?: (Omit<RcsbChemCompDescriptor, 'comp_id'> & { comp_id?: string }) | null;
};

const ENTRIES_DIR = join(import.meta.dirname, 'fixtures', 'entries');

/** The hand-written entry documents of fixtures/entries, keyed by rcsb_id. */
export function loadFixtureEntries(): Record<string, EntryDoc> {
  const entries: Record<string, EntryDoc> = {};
  for (const name of readdirSync(ENTRIES_DIR)
    .filter((n) => n.endsWith('.json'))
    .sort()) {
    const doc = JSON.parse(readFileSync(join(ENTRIES_DIR, name), 'utf8')) as EntryDoc;
    if (`${doc.rcsb_id}.json` !== name)
      throw new Error(`fixtures/entries/${name} holds entry ${doc.rcsb_id}`);
    entries[doc.rcsb_id] = doc;
  }
  return entries;
}

/** The document with the identifiers every real chem_comps document carries. */
export function servedChemComp(doc: ChemCompDoc): CoreChemComp {
  const id = doc.rcsb_id ?? doc.chem_comp?.id;
  if (id === undefined) throw new Error('a chemical component document without rcsb_id or chem_comp.id');
  const descriptor = doc.rcsb_chem_comp_descriptor;
  return {
    ...doc,
    rcsb_id: id,
    rcsb_chem_comp_descriptor: descriptor && { ...descriptor, comp_id: descriptor.comp_id ?? id },
  };
}

interface Notebook {
  cells: {
    cell_type: string;
    outputs?: { output_type: string; name?: string; text?: string | string[] }[];
  }[];
}

/**
 * The chem_comps documents recorded from the live Data API in a notebook's printed output: the
 * stdout stream that prints them, one pretty-printed JSON object after another.
 */
export function readRecordedChemComps(notebookPath: string): ChemCompDoc[] {
  const notebook = JSON.parse(readFileSync(notebookPath, 'utf8')) as Notebook;
  const streams = notebook.cells
    .flatMap((cell) => cell.outputs ?? [])
    .filter((output) => output.output_type === 'stream' && output.name === 'stdout')
    .map((output) => (Array.isArray(output.text) ? output.text.join('') : (output.text ?? '')))
    .filter((text) => text.includes('"chem_comp"'));
  if (streams.length !== 1)
    throw new Error(`${notebookPath}: expected one output printing chem_comps, found ${streams.length}`);
  return splitJsonObjects(streams[0]!) as ChemCompDoc[];
}

/**
 * Concatenated JSON objects → the parsed objects. Braces inside strings (chemical names have them)
 * do not count, and any text between the objects other than white space is an error.
 */
export function splitJsonObjects(text: string): unknown[] {
  const objects: unknown[] = [];
  let depth = 0;
  let start = 0;
  let inString = false;
  let escaped = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      if (escaped) escaped = false;
      else if (c === '\\') escaped = true;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') {
      if (depth++ === 0) start = i;
    } else if (c === '}') {
      if (--depth === 0) objects.push(JSON.parse(text.slice(start, i + 1)));
      if (depth < 0) throw new Error(`unbalanced '}' at offset ${i}`);
    } else if (depth === 0 && !/\s/.test(c)) throw new Error(`text outside an object at offset ${i}`);
  }
  if (depth !== 0 || inString) throw new Error('the text ends inside an object');
  return objects;
}

/**
 * What a stand-in serves as `chem_comps`: the recorded real records, and the components the fixture
 * entries name, as their `nonpolymer_comp` holds them (written with the entries, not recorded).
 */
export function standInChemComps(
  notebookPath: string,
  entries: Record<string, EntryDoc>,
): Record<string, ChemCompDoc> {
  const components: Record<string, ChemCompDoc> = {};
  for (const doc of readRecordedChemComps(notebookPath)) components[doc.chem_comp?.id as string] = doc;
  for (const entry of Object.values(entries))
    for (const entity of entry.nonpolymer_entities ?? []) {
      const component = entity?.nonpolymer_comp;
      if (component?.rcsb_id) components[component.rcsb_id] = component as ChemCompDoc;
    }
  return components;
}
