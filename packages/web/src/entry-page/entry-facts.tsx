import type { EntryFact, EntryParts } from '@pdb-stats/charts';

/**
 * A value as the page writes it, as stored, numbers with their unit: no thousands separators, which
 * would miswrite years and identifiers (2,002; a PubMed id).
 */
function valueText(value: string | number, unit: string | undefined): string {
  const text = String(value);
  return unit ? `${text} ${unit}` : text;
}

/** A fact's values, comma-separated, with how many more there are. */
export function factText(fact: EntryFact): string {
  const values = fact.values.map((value) => valueText(value, fact.unit)).join(', ');
  return fact.more ? `${values} (and ${fact.more} more)` : values;
}

/** Attributes as a list of terms and values; each value names its attribute's path for tests and readers. */
export function FactList({ facts }: { facts: readonly EntryFact[] }) {
  return (
    <dl className="ps-entry-facts">
      {facts.map((fact) => (
        <div key={fact.path} className="ps-entry-fact">
          <dt title={fact.path}>{fact.label}</dt>
          <dd data-path={fact.path}>{factText(fact)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** An attribute a part's closed line names, with the word that follows its value ("620 residues"). */
export type SummaryPart = readonly [path: string, noun?: string];

/**
 * What a part's closed line says of it besides its id: the first value of each attribute of `paths`
 * it holds (an entity's description, organism and length; an assembly's oligomeric state and symmetry).
 */
export function partSummary(facts: readonly EntryFact[], paths: readonly SummaryPart[]): string {
  return paths
    .flatMap(([path, noun]) => {
      const fact = facts.find((held) => held.path === path);
      const value = fact?.values[0];
      if (fact === undefined || value === undefined) return [];
      const text = valueText(value, fact.unit);
      return [noun ? `${text} ${noun}` : text];
    })
    .join(' · ');
}

/**
 * The polymer entities or assemblies of an entry, each with its attributes. Each part is a
 * disclosure, closed when there are several: some twenty attributes a part made the page of a
 * six-entity entry 11,500 px tall on a phone; closed, the parts read as a list of what they are
 * (`summaryPaths`), opened one at a time, without scripts too.
 */
export function PartList({
  title,
  noun,
  parts,
  summaryPaths,
}: {
  title: string;
  noun: string;
  parts: EntryParts;
  summaryPaths: readonly SummaryPart[];
}) {
  if (parts.total === 0) return null;
  const shown = parts.items.length;
  return (
    <section className="ps-entry-section" aria-label={title}>
      <h2>
        {title} ({parts.total})
      </h2>
      {shown < parts.total && (
        <p className="ps-sp-note">
          The first {shown} of {parts.total} {noun} are listed.
        </p>
      )}
      <ul className="ps-entry-parts">
        {parts.items.map((part) => {
          const summary = partSummary(part.facts, summaryPaths);
          return (
            <li key={part.id} className="ps-entry-part">
              <details open={shown === 1} data-testid="entry-part">
                <summary>
                  <h3>{part.id}</h3>
                  {summary && <span className="ps-entry-part-summary">{summary}</span>}
                </summary>
                <FactList facts={part.facts} />
              </details>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
