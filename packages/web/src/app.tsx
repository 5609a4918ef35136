import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { AppConfig } from './config.ts';
import { DataQueryProvider } from './data/data-context.tsx';
import { ModalProvider } from './modals/modal-context.tsx';
import { NavigationProvider } from './routing/navigation.tsx';
import { AppRoutes } from './routing/router.tsx';
import { SettingsProvider } from './settings/settings-context.tsx';

/** The app: query cache, shared data, settings and modals around the router. */
export function App({
  config,
  queryClient,
  url,
}: {
  config: AppConfig;
  queryClient: QueryClient;
  /** The page's address (path and query string), where there is no browser (the server). */
  url?: string;
}) {
  const search = url === undefined ? undefined : new URL(url, 'http://page.invalid').search;
  return (
    <QueryClientProvider client={queryClient}>
      <DataQueryProvider config={config}>
        <SettingsProvider sierra={config.sierraConfig} {...(search !== undefined && { search })}>
          <ModalProvider>
            <NavigationProvider basename={config.basename} {...(url !== undefined && { url })}>
              <AppRoutes />
            </NavigationProvider>
          </ModalProvider>
        </SettingsProvider>
      </DataQueryProvider>
    </QueryClientProvider>
  );
}
