import { readFile } from 'node:fs/promises';
import { parsedOnce, type ParsedCache } from './parsed-cache.ts';
import { isMissing } from './rows.ts';
import { EnrichmentSourceError, type Enricher, type Row, type SourceReport } from './types.ts';

const RELEASE_DATE = 'rcsb_chem_comp_info.initial_release_date';
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const EXAMPLES = 5;

/**
 * Reads `chem-comp-release-data-summary.json` (`{ release_data: { <comp id>: [<first entry>,
 * <first release date>] } }`) and sets a chemical component's `rcsb_chem_comp_info.initial_release_date`
 * where its definition file gave none. Entries are left alone: this enricher only has
 * `enrichComponent`.
 */
export async function loadChemCompReleaseEnricher(file: string, cache?: ParsedCache): Promise<Enricher> {
  const { dates, report } = await parsedOnce(cache, 'chem-comp-release', [file], () => readDates(file));
  return {
    name: 'chemical component release dates',
    sources: [report],
    enrich() {},
    enrichComponent(row: Row) {
      const id = row['rcsb_id'] ?? row['chem_comp.id'];
      if (typeof id !== 'string' || !isMissing(row[RELEASE_DATE])) return;
      const date = dates.get(id.toUpperCase());
      if (date !== undefined) row[RELEASE_DATE] = date;
    },
  };
}

/** The first release date of each component the summary names. */
async function readDates(file: string): Promise<{ dates: Map<string, string>; report: SourceReport }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new EnrichmentSourceError(file, code === 'ENOENT' ? 'file not found' : `cannot be read (${code})`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new EnrichmentSourceError(file, `not JSON (${(error as Error).message})`);
  }
  const data = (parsed as { release_data?: unknown } | null)?.release_data;
  if (data === null || typeof data !== 'object' || Array.isArray(data))
    throw new EnrichmentSourceError(
      file,
      'not a chemical component release summary: no "release_data" object of component id → [entry id, date]',
    );

  const report: SourceReport = { file, lines: 0, malformed: 0, examples: [] };
  const dates = new Map<string, string>();
  for (const [comp, value] of Object.entries(data)) {
    report.lines++;
    const date: unknown = Array.isArray(value) ? value[1] : undefined;
    if (typeof date === 'string' && DATE.test(date)) dates.set(comp.toUpperCase(), date);
    else {
      report.malformed++;
      if (report.examples.length < EXAMPLES)
        report.examples.push(`component ${comp}: no [entry id, YYYY-MM-DD date]: ${JSON.stringify(value)}`);
    }
  }
  return { dates, report };
}
