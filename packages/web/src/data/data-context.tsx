import { CHART_LIST } from '@pdb-stats/charts';
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { archiveInfoQuery } from '../api/queries.ts';
import type { ArchiveInfo } from '../api/search-client.ts';
import type { AppConfig } from '../config.ts';

/** The app's shared data: configuration, stats notes per chart and the archive manifest. */
export interface DataQueryValue {
  config: AppConfig;
  /** HTML notes per chart key: the registry's long descriptions, overridden by the config. */
  stats_notes: Record<string, string>;
  /** The archive manifest; null when the service has none, undefined while it loads. */
  archive: ArchiveInfo | null | undefined;
}

const DataQueryContext = createContext<DataQueryValue | null>(null);

export function DataQueryProvider({ config, children }: { config: AppConfig; children: ReactNode }) {
  const archive = useQuery(archiveInfoQuery(config.sierraConfig.searchApiUrl));
  const stats_notes = useMemo(
    () => ({
      ...Object.fromEntries(CHART_LIST.map((chart) => [chart.key, chart.longDescription])),
      ...config.statsNotes,
    }),
    [config.statsNotes],
  );
  const value = useMemo(
    () => ({ config, stats_notes, archive: archive.isError ? null : archive.data }),
    [config, stats_notes, archive.data, archive.isError],
  );
  return <DataQueryContext.Provider value={value}>{children}</DataQueryContext.Provider>;
}

/** The shared data; throws outside a DataQueryProvider. */
export function useDataQuery(): DataQueryValue {
  const context = useContext(DataQueryContext);
  if (!context) throw new Error('useDataQuery must be used within a DataQueryProvider');
  return context;
}
