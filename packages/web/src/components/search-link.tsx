import type { SearchRequest } from '@pdb-stats/search-model';
import { queryEditorUrl } from '@pdb-stats/charts';
import type { ReactNode } from 'react';
import { useDataQuery } from '../data/data-context.tsx';

/** A link that opens a search request in the search service's query editor, in a new tab. */
export function QueryEditorLink({
  request,
  children,
  className,
  title,
}: {
  request: SearchRequest;
  children: ReactNode;
  className?: string;
  /** What the linked figure means, on hover. */
  title?: string | undefined;
}) {
  const { config } = useDataQuery();
  return (
    <a
      className={className}
      title={title}
      href={queryEditorUrl(config.sierraConfig.searchApiUrl, request)}
      target="_blank"
      rel="noopener noreferrer"
    >
      {children}
    </a>
  );
}
