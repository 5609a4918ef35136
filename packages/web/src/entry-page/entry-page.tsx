import { ENTRY_ID_PATTERN, factValue, type ArchiveInfo, type EntryRecord } from '@pdb-stats/charts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { entryQuery } from '../api/queries.ts';
import { archiveLine } from '../archive-coverage/archive-line.ts';
import { useDataQuery } from '../data/data-context.tsx';
import { LoadingIndicator } from '../layout/loading.tsx';
import { Link } from '../routing/navigation.tsx';
import { ErrorBox } from '../search-pages/page-parts.tsx';
import { archivePageOf } from '../search-pages/archive-pages.ts';
import { FactList, PartList, type SummaryPart } from './entry-facts.tsx';
import { pageHost } from './entry-links.ts';
import './entry-page.css';

/** What the closed line of a polymer entity says of it: what it is, from what, how long. */
const ENTITY_SUMMARY: readonly SummaryPart[] = [
  ['rcsb_polymer_entity.pdbx_description'],
  ['rcsb_entity_source_organism.ncbi_scientific_name'],
  ['entity_poly.rcsb_sample_sequence_length', 'residues'],
];
/** What the closed line of an assembly says of it: its oligomeric state and symmetry. */
const ASSEMBLY_SUMMARY: readonly SummaryPart[] = [
  ['rcsb_struct_symmetry.oligomeric_state'],
  ['rcsb_struct_symmetry.symbol', 'symmetry'],
];

/**
 * `/entry/<id>`: what the archive this site serves holds for one entry, from `GET /api/entries/<id>`:
 * its attributes grouped as the catalogue groups them, its polymer entities and assemblies. The page
 * says whose record it is; a demo archive's is never linked to the public archive's page (its ids
 * are made up, and the public page of one is an unrelated real entry).
 */
export default function EntryPage({ id }: { id: string }) {
  const { archive } = useDataQuery();
  if (archive === undefined) return <LoadingIndicator />;
  if (!ENTRY_ID_PATTERN.test(id))
    return (
      <Frame heading="No such entry">
        <ErrorBox
          title="This address names no entry"
          message="An entry identifier is a digit and three letters or digits (such as 4HHB), or PDB_ and eight."
        />
      </Frame>
    );
  return <Entry id={id.toUpperCase()} archive={archive} />;
}

function Frame({ heading, children }: { heading: ReactNode; children: ReactNode }) {
  return (
    <div className="ps-page ps-sp ps-entry">
      <div className="ps-sp-top">
        <h1 data-testid="entry-heading">{heading}</h1>
        <Link className="ps-sp-back" to="/">
          ← Back to the statistics
        </Link>
      </div>
      {children}
    </div>
  );
}

function Entry({ id, archive }: { id: string; archive: ArchiveInfo | null }) {
  const { config } = useDataQuery();
  const records = archive?.entry_records === true;
  const record = useQuery({ ...entryQuery(config.sierraConfig.searchApiUrl, id), enabled: records });
  const publicPage = archive?.demo ? undefined : archivePageOf('entry', id, config.archivePages);
  const elsewhere = publicPage && (
    <p data-testid="public-page">
      The archive’s own page of {id}:{' '}
      <a href={publicPage} rel="noopener">
        {id} at {pageHost(publicPage)}
      </a>
    </p>
  );
  if (!records)
    return (
      <Frame heading={`Entry ${id}`}>
        <p>This site’s search service keeps no records of entries of its own.</p>
        {elsewhere}
      </Frame>
    );
  if (record.isPending) return <LoadingIndicator />;
  if (record.isError)
    return (
      <Frame heading={`Entry ${id}`}>
        <ErrorBox title="The entry could not be read" message={record.error.message} />
      </Frame>
    );
  if (record.data === null)
    return (
      <Frame heading={`Entry ${id}`}>
        <p data-testid="entry-absent">
          {archive?.demo ? 'The demo archive' : 'The archive this site serves'} holds no entry {id}.
        </p>
        {elsewhere}
      </Frame>
    );
  return <Record record={record.data} archive={archive} elsewhere={elsewhere} />;
}

function Record({
  record,
  archive,
  elsewhere,
}: {
  record: EntryRecord;
  archive: ArchiveInfo | null;
  elsewhere: ReactNode;
}) {
  const facts = record.groups.flatMap((group) => group.facts);
  const title = factValue(facts, 'struct.title');
  const line = archiveLine(archive);
  return (
    <Frame
      heading={
        <>
          <span data-testid="entry-id">{record.id}</span>
          {title !== undefined && (
            <>
              {' – '}
              <span data-testid="entry-title">{title}</span>
            </>
          )}
        </>
      }
    >
      <p className="ps-entry-whose" data-testid="entry-whose">
        {archive?.demo ? (
          <>
            <span className="ps-demo-badge">Demo data</span> This site’s record of {record.id} in its
            synthetic demo archive: made-up data, not a real PDB entry
          </>
        ) : (
          <>This site’s record of {record.id}, as the archive it serves holds it</>
        )}
        {line && <> ({line})</>}.
      </p>
      {elsewhere}
      {record.groups.map((group) => (
        <section key={group.name} className="ps-entry-section" aria-label={group.name}>
          <h2>{group.name}</h2>
          <FactList facts={group.facts} />
        </section>
      ))}
      <PartList
        title="Polymer entities"
        noun="polymer entities"
        parts={record.polymer_entities}
        summaryPaths={ENTITY_SUMMARY}
      />
      <PartList
        title="Assemblies"
        noun="assemblies"
        parts={record.assemblies}
        summaryPaths={ASSEMBLY_SUMMARY}
      />
    </Frame>
  );
}
