import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

type Module = { default: ComponentType };

/** A screen loaded on demand that can also be loaded ahead (`preload`), e.g. before hydration. */
export type LazyScreen = LazyExoticComponent<ComponentType> & {
  preload: () => Promise<void>;
  /** The screen's source file from the web folder (`src/app/routes/home.tsx`), as the build's manifest names it. */
  module: string;
};

/**
 * lazy() over a screen module, plus `preload()` and the module's name. Once preloaded, the component renders at once:
 * the factory then hands React a thenable that is already settled, so neither the server's
 * renderToString nor the client's hydration meets a Suspense fallback for it.
 */
export function lazyScreen(load: () => Promise<Module>, module: string): LazyScreen {
  let loaded: Module | null = null;
  let loading: Promise<Module> | null = null;
  const fetchModule = () => (loading ??= load().then((module) => (loaded = module)));
  const Screen = lazy(() =>
    loaded
      ? // A settled thenable: React reads it synchronously.
        ({ then: (resolve: (module: Module) => void) => resolve(loaded!) } as unknown as Promise<Module>)
      : fetchModule(),
  ) as LazyScreen;
  Screen.preload = () => fetchModule().then(() => undefined);
  Screen.module = module;
  return Screen;
}
