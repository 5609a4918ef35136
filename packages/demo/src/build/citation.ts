import { Quantiles, Weighted, type Random } from '../random.ts';
import { JOURNALS, TO_BE_PUBLISHED, type Journal } from '../vocabulary/journals.ts';
import { CITATION_OPENINGS, CITATION_TOPICS } from '../vocabulary/words.ts';
import type { EntryContext } from './context.ts';

export interface Citation {
  title: string;
  journal: string;
  year: number | null;
  doi: string | null;
  pubmed: number | null;
  authors: string[];
  /** All citation records, the primary first (`citation` nested records). */
  records: object[];
}

/** PubMed ids grow with time; roughly the ids issued at the start of each year. */
const PUBMED_BY_YEAR = new Quantiles([
  [0, 1_000_000],
  [(1990 - 1976) / 52, 2_200_000],
  [(2000 - 1976) / 52, 10_700_000],
  [(2010 - 1976) / 52, 20_000_000],
  [(2020 - 1976) / 52, 32_000_000],
  [1, 44_000_000],
]);

const JOURNAL_TABLES = new Map<number, Weighted<Journal>>();

function journalFor(year: number, rng: Random): Journal {
  let table = JOURNAL_TABLES.get(year);
  if (!table) {
    table = Weighted.of(
      JOURNALS.filter((j) => j.from <= year && (j.to ?? 9999) >= year),
      (j) => j.weight,
    );
    JOURNAL_TABLES.set(year, table);
  }
  return table.draw(rng);
}

function pubmedFor(year: number, rng: Random): number {
  const position = Math.min(1, Math.max(0, (year - 1976 + rng.next()) / 52));
  return Math.round(PUBMED_BY_YEAR.at(position));
}

function doiFor(journal: Journal, year: number, rng: Random): string {
  return `${journal.doi}${year}.${String(rng.int(1_000_000)).padStart(6, '0')}`;
}

/**
 * The primary citation, mirrored in the `citation` records. About 15 % of entries have no published
 * primary citation ('To be published', no year, DOI or PubMed id); recent entries more often.
 */
export function buildCitation(ctx: EntryContext, subject: string, auditAuthors: string[]): Citation {
  const rng = ctx.textRng;
  const recent = ctx.archiveDay - ctx.day < 400;
  const unpublished = rng.chance(recent ? 0.45 : 0.12);
  const authors = [...auditAuthors];
  if (rng.chance(0.5)) authors.push(...ctx.pools.authors.draw(rng.between(1, 3)));
  const title = `${rng.pick(CITATION_OPENINGS)} ${rng.pick(CITATION_TOPICS)} of ${subject}`;
  if (unpublished) {
    return {
      title,
      journal: TO_BE_PUBLISHED,
      year: null,
      doi: null,
      pubmed: null,
      authors,
      records: [{ title, rcsb_journal_abbrev: TO_BE_PUBLISHED, year: null, rcsb_is_primary: 'Y' }],
    };
  }
  const archiveYear = new Date(ctx.archiveDay * 86_400_000).getUTCFullYear();
  const lag = rng.chance(0.6) ? 0 : rng.chance(0.75) ? 1 : -1;
  const year = Math.max(1976, Math.min(archiveYear, ctx.year + lag));
  const journal = journalFor(year, rng);
  const records: object[] = [{ title, rcsb_journal_abbrev: journal.abbrev, year, rcsb_is_primary: 'Y' }];
  if (rng.chance(0.08)) {
    const earlier = Math.max(1976, year - rng.between(0, 5));
    records.push({
      title: `${rng.pick(CITATION_OPENINGS)} ${rng.pick(CITATION_TOPICS)} in ${subject}`,
      rcsb_journal_abbrev: journalFor(earlier, rng).abbrev,
      year: earlier,
      rcsb_is_primary: 'N',
    });
  }
  return {
    title,
    journal: journal.abbrev,
    year,
    doi: year >= 2000 || rng.chance(0.5) ? doiFor(journal, year, rng) : null,
    pubmed: rng.chance(0.92) ? pubmedFor(year, rng) : null,
    authors,
    records,
  };
}
