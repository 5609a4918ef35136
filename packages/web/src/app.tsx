import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { AppConfig } from './config.ts';
import { DataQueryProvider } from './data/data-context.tsx';
import { ModalProvider } from './modals/modal-context.tsx';
import { createRoutes } from './routing/router.tsx';
import { SettingsProvider } from './settings/settings-context.tsx';

/** Makes the router of the app's routes: the browser's, or on the server one at the request's address. */
export type RouterFactory = (
  routes: RouteObject[],
  basename: string,
) => ReturnType<typeof createBrowserRouter>;

const browserRouter: RouterFactory = (routes, basename) => createBrowserRouter(routes, { basename });

/** The app: query cache, shared data, settings and modals around the router. */
export function App({
  config,
  queryClient,
  createRouter = browserRouter,
  search,
}: {
  config: AppConfig;
  queryClient: QueryClient;
  createRouter?: RouterFactory;
  /** The first page's query string, where there is no window (the server). */
  search?: string;
}) {
  // Created once per mount, not on every render.
  const [router] = useState(() => createRouter(createRoutes(), config.basename));
  return (
    <QueryClientProvider client={queryClient}>
      <DataQueryProvider config={config}>
        <SettingsProvider sierra={config.sierraConfig} {...(search !== undefined && { search })}>
          <ModalProvider>
            <RouterProvider router={router} />
          </ModalProvider>
        </SettingsProvider>
      </DataQueryProvider>
    </QueryClientProvider>
  );
}
