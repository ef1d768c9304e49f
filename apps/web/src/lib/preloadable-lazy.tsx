import { type ComponentType, lazy, useState } from 'react';

/**
 * A lazily loaded component that, once its code has arrived, renders like any other. React's
 * `lazy` suspends the first time it renders even when the module is already loaded (its
 * promise settles a tick later), and React holds back the content of a boundary that showed
 * its fallback for up to 300 ms: preloading alone left search results on their skeletons some
 * 300 ms after the answer had come. Before the code arrives it is `lazy`, so a server-rendered
 * page still hydrates once the code is there. Written here rather than taken from
 * react-lazy-with-preload (decision 015).
 */
export function preloadableLazy<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        // A failed download may be asked for again (a flaky link); lazy keeps its own failure.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component }))) as ComponentType<Props>;
  // biome-ignore lint/correctness/noComponentHookFactories: a factory called at module level, like React's own lazy.
  function Preloadable(props: Props) {
    // Chosen once per mount: switching from lazy to the loaded component later would remount it.
    const [Component] = useState(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return { Component: Preloadable, preload };
}
