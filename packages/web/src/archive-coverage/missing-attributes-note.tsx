import { explainMissing } from './attribute-sources.ts';

/**
 * In place of a chart or table whose attributes this archive does not hold: which attributes are
 * missing and which import supplies them. Not an error: the archive was built without that source.
 */
export function MissingAttributesNote({
  missing,
  what = 'this chart',
}: {
  missing: readonly string[];
  what?: string;
}) {
  return (
    <section className="ps-missing" data-testid="missing-attributes" aria-label="Not in this archive">
      <h2 className="ps-missing-title">Not in this archive</h2>
      <p>
        The data for {what} come from attributes that the import of this archive did not supply, so there is
        nothing to draw.
      </p>
      <ul className="ps-missing-list">
        {explainMissing(missing).map((group) => (
          <li key={group.source}>
            {group.attributes.map((attribute, i) => (
              <span key={attribute}>
                {i > 0 && ', '}
                <code>{attribute}</code>
              </span>
            ))}{' '}
            — supplied by <SourceText source={group.source} />.
          </li>
        ))}
      </ul>
      <p>Import the archive again with that source to see {what}. The other charts are not affected.</p>
    </section>
  );
}

/** An import's description with its command, if it names one, set as code. */
function SourceText({ source }: { source: string }) {
  const command = /^(.*) \((npm run [^)]*)\)$/.exec(source);
  if (!command) return <>{source}</>;
  return (
    <>
      {command[1]} (<code className="ps-missing-command">{command[2]}</code>)
    </>
  );
}
