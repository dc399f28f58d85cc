import { useEffect } from 'react';
import { type DataRouter, RouterProvider } from 'react-router';
import { type DehydratedState, type QueryClient, hydrate } from '@tanstack/react-query';
import { RenderedSessionContext } from '../lib/session';
import { whenHydrated } from '../ssr/hydrate-later';
import { RenderedAtContext } from '../lib/use-now';
import { AppProviders, createQueryClient } from './providers';

interface AppProps {
  /** The member the server rendered the page for ('' for a visitor). */
  renderedSession?: string;
  /** When the server rendered it (epoch ms): relative times count from it while hydrating (use-now.ts). */
  renderedAt?: number | null;
  /** Made beforehand (start.tsx, in tasks of their own before hydrating). */
  router: DataRouter;
  queryClient: QueryClient;
}

/** The app's query client, holding the data the server rendered the page with when there is some. */
export function hydratedQueryClient(initialState?: DehydratedState): QueryClient {
  const client = createQueryClient();
  if (initialState) {
    hydrate(client, initialState);
    // What failed on the server (a post not found) shows as failed while hydrating, as it did there.
    for (const query of initialState.queries) {
      if (query.state.status === 'error') client.setQueryDefaults(query.queryKey, { retryOnMount: false });
    }
  }
  return client;
}

export function App({ renderedSession = '', renderedAt = null, router, queryClient }: AppProps) {
  useEffect(() => {
    let live = true;
    // Hydrated, every part of it (ssr/hydrate-later.tsx): the page says it answers clicks now.
    void whenHydrated().then(() => {
      if (live) document.documentElement.dataset.appReady = '';
    });
    return () => {
      live = false;
    };
  }, []);
  return (
    <RenderedSessionContext.Provider value={renderedSession}>
      <RenderedAtContext.Provider value={renderedAt}>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </RenderedAtContext.Provider>
    </RenderedSessionContext.Provider>
  );
}
