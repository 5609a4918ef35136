import { isChartKey } from '@pdb-stats/charts';
import { useSyncExternalStore } from 'react';
import type { ReturnType } from '@pdb-stats/search-model';
import { sourceName } from '../archive-coverage/archive-line.ts';
import { useDataQuery } from '../data/data-context.tsx';
import { DATA_LICENCE, citationText } from '../export/provenance.ts';
import type { Provenance } from '../export/types.ts';
import { serviceName } from '../service-name.ts';
import { CHART_CAVEATS, COUNTED_OBJECT, EXPLORE_CAVEATS } from './chart-notes.ts';
import { Unbroken } from './unbroken.tsx';

interface ChartSourcesProps {
  /** The chart's registry key, or `explore`. */
  chartKey: string;
  title: string;
  /** The level the chart's bars count. */
  returnType: ReturnType;
  provenance: Provenance | undefined;
  /** The chart page's path and search, cited under the origin the visitor reached it at. */
  path: string;
}

const noChange = () => () => {};

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** Where the numbers come from, in words: the archive, whether it is real, and its date. */
function sourceSentence(p: Provenance): string {
  const archive = p.demo
    ? 'A synthetic demo archive made by this site’s generator, not real PDB data'
    : `The Protein Data Bank archive (${sourceName(p.source)})`;
  const when =
    p.basis === 'archive'
      ? `data as of ${p.date}, the archive's date`
      : `data as of ${p.date}, the day of the answer (the search service reports no archive date)`;
  return `${archive}; ${when}. Counted by ${serviceName(p.searchApiUrl)}.`;
}

/**
 * The sources and notes under a chart, as a statistics page carries them: what its bars count in
 * plain words, the caveats that change how it is read, where the data come from and as of when, how
 * to cite it, and the data's licence. Drawn on the server with the chart, so it reads without scripts.
 */
export function ChartSources({ chartKey, title, returnType, provenance, path }: ChartSourcesProps) {
  // The server knows the origin a page is read at only as its config names it: our own service (it
  // reports an archive) is configured with its public address; the browser then writes the address
  // it has, if another, once the page has hydrated (without a mismatch).
  const { archive, config } = useDataQuery();
  const serverOrigin = archive ? originOf(config.sierraConfig.searchApiUrl) : undefined;
  const origin = useSyncExternalStore(
    noChange,
    () => window.location.origin,
    () => serverOrigin,
  );
  const address = origin ? new URL(path, origin).href : path;
  const caveats = isChartKey(chartKey) ? CHART_CAVEATS[chartKey] : EXPLORE_CAVEATS;
  return (
    <section
      className="ps-chart-sources"
      aria-labelledby="ps-chart-sources-title"
      data-testid="chart-sources"
    >
      <h2 id="ps-chart-sources-title">Sources and notes</h2>
      <dl>
        <dt>What is counted</dt>
        <dd data-testid="sources-counted">{COUNTED_OBJECT[returnType]}</dd>
        {caveats.length > 0 && (
          <>
            <dt>Notes</dt>
            <dd>
              <ul data-testid="sources-notes">
                {caveats.map((caveat) => (
                  <li key={caveat}>
                    <Unbroken text={caveat} />
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
        <dt>Source</dt>
        <dd data-testid="sources-source">{provenance ? sourceSentence(provenance) : 'Data as of …'}</dd>
        {provenance && (
          <>
            <dt>How to cite</dt>
            <dd data-testid="sources-cite">{citationText(title, address, provenance)}</dd>
          </>
        )}
        <dt>Licence</dt>
        <dd data-testid="sources-licence">
          PDB data are in the public domain (<a href={DATA_LICENCE.url}>{DATA_LICENCE.name}</a>): free to copy
          and reuse, with credit asked.
        </dd>
      </dl>
    </section>
  );
}
