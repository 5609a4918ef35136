import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { AppConfig } from './config.ts';
import { DataQueryProvider } from './data/data-context.tsx';
import { ModalProvider } from './modals/modal-context.tsx';
import { createRoutes } from './routing/router.tsx';
import { SettingsProvider } from './settings/settings-context.tsx';

/** The app: query cache, shared data, settings and modals around the router. */
export function App({ config, queryClient }: { config: AppConfig; queryClient: QueryClient }) {
  // Created once per mount, not on every render.
  const [router] = useState(() => createBrowserRouter(createRoutes(), { basename: config.basename }));
  return (
    <QueryClientProvider client={queryClient}>
      <DataQueryProvider config={config}>
        <SettingsProvider sierra={config.sierraConfig}>
          <ModalProvider>
            <RouterProvider router={router} />
          </ModalProvider>
        </SettingsProvider>
      </DataQueryProvider>
    </QueryClientProvider>
  );
}
