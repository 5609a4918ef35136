/** One level of an enzyme classification lineage: `{ id: '3.4', depth: 2 }`. */
export interface EcLineageRecord {
  id: string;
  depth: number;
}

// Four levels; a level is a number, a preliminary number (`n1`) or `-` (not assigned, only at the end).
const EC_NUMBER = /^\d+(\.(\d+|n\d+)){0,3}(\.-){0,3}$/;

/** Whether a text is an EC number (`3.4.21.4`, `3.4.21.-`, `1.-.-.-`, `3.4.21.n1`). */
export function isEcNumber(text: string): boolean {
  return EC_NUMBER.test(text) && text.split('.').length <= 4;
}

/** The number of assigned levels of an EC number: `3.4.21.-` → 3. */
export function ecDepth(ec: string): number {
  return ec.split('.').filter((level) => level !== '-').length;
}

/**
 * The lineage of an EC number, one record per assigned level: `3.4.21.4` → `3`, `3.4`, `3.4.21`,
 * `3.4.21.4` with depths 1 to 4. Unassigned levels (`-`) end the lineage. Not an EC number: [].
 */
export function ecLineage(ec: string): EcLineageRecord[] {
  const text = ec.trim();
  if (!isEcNumber(text)) return [];
  const levels = text.split('.').filter((level) => level !== '-');
  return levels.map((_, i) => ({ id: levels.slice(0, i + 1).join('.'), depth: i + 1 }));
}

/** The union of the lineages of several EC numbers, each level once, in first-seen order. */
export function ecLineages(ecs: Iterable<string>): EcLineageRecord[] {
  const seen = new Set<string>();
  const records: EcLineageRecord[] = [];
  for (const ec of ecs)
    for (const record of ecLineage(ec))
      if (!seen.has(record.id)) {
        seen.add(record.id);
        records.push(record);
      }
  return records;
}
