import type { ReturnType } from '@pdb-stats/search-model';
import { useMemo } from 'react';
import { useSearch } from '../api/use-search.ts';
import { formatNumber } from '../charts/format.ts';
import { QueryEditorLink } from '../components/search-link.tsx';
import { useDataQuery } from '../data/data-context.tsx';
import { publicServiceAddress } from '../service-name.ts';
import { countRequest } from './summary-requests.ts';

const LEVELS: { returnType: ReturnType; label: string }[] = [
  { returnType: 'entry', label: 'Entries (structures)' },
  { returnType: 'polymer_entity', label: 'Polymer entities' },
  { returnType: 'polymer_instance', label: 'Polymer instances (chains)' },
  { returnType: 'non_polymer_entity', label: 'Non-polymer entities' },
  { returnType: 'assembly', label: 'Assemblies' },
  { returnType: 'mol_definition', label: 'Small-molecule definitions' },
];

/** The data snapshot: what archive the service holds, its date and the number of objects per level. */
export default function SnapshotPage() {
  const { archive, config } = useDataQuery();
  const serviceAddress = publicServiceAddress(config.sierraConfig.searchApiUrl);
  return (
    <div className="ps-page ps-snapshot">
      <h1>PDB Data Snapshot</h1>
      <dl className="ps-facts">
        <dt>Search service</dt>
        <dd data-testid="snapshot-service">
          {serviceAddress ? <code>{serviceAddress}</code> : 'This site’s own'}
        </dd>
        <dt>Archive</dt>
        <dd data-testid="archive-source">
          {archive === undefined
            ? 'Loading…'
            : archive === null
              ? 'Not reported by this service'
              : `${archive.source ?? 'unknown source'}${archive.demo ? ' (synthetic demo data)' : ''}`}
        </dd>
        <dt>Data as of</dt>
        <dd data-testid="archive-date">{archive?.archive_date ?? '—'}</dd>
      </dl>
      <table className="ps-table ps-levels">
        <caption>Objects per level</caption>
        <thead>
          <tr>
            <th scope="col">Level</th>
            <th scope="col">Searchable (experimental)</th>
            {archive?.counts && <th scope="col">In the snapshot</th>}
          </tr>
        </thead>
        <tbody>
          {LEVELS.map((level) => (
            <LevelRow
              key={level.returnType}
              {...level}
              manifestCount={archive?.counts?.[level.returnType]}
              showManifest={Boolean(archive?.counts)}
            />
          ))}
        </tbody>
      </table>
      <p className="ps-note">
        “Searchable” counts come from the search service (results content type experimental); “in the
        snapshot” is the archive manifest.
      </p>
    </div>
  );
}

function LevelRow({
  returnType,
  label,
  manifestCount,
  showManifest,
}: {
  returnType: ReturnType;
  label: string;
  manifestCount: number | undefined;
  showManifest: boolean;
}) {
  const request = useMemo(() => countRequest(returnType), [returnType]);
  const count = useSearch(`count-${returnType}`, request);
  return (
    <tr data-level={returnType}>
      <th scope="row">{label}</th>
      <td>
        {count.isSuccess ? (
          <QueryEditorLink request={request}>{formatNumber(count.data?.total_count ?? 0)}</QueryEditorLink>
        ) : count.isError ? (
          <span title={(count.error as Error).message}>unavailable</span>
        ) : (
          '…'
        )}
      </td>
      {showManifest && <td>{manifestCount === undefined ? '—' : formatNumber(manifestCount)}</td>}
    </tr>
  );
}
