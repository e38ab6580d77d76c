import {
  type ComponentProps,
  type ComponentType,
  createElement,
  type ReactNode,
  use,
  useEffect,
  useState,
} from 'react';

/** A screen's component whose code loads on first use (React's `lazy`), that can also be loaded ahead and asked. */
export interface LazyPage<P = any> {
  (props: P): ReactNode;
  /** Starts loading the code (once; later calls share it) and resolves with the component. */
  load(): Promise<ComponentType<P>>;
  /** The component once its code is there, else undefined. */
  loaded(): ComponentType<P> | undefined;
}

export function isLazyPage(c: unknown): c is LazyPage {
  return typeof c === 'function' && typeof (c as Partial<LazyPage>).load === 'function';
}

/**
 * `lazy` for the screens of the `pages.ts` tables (same use as React's). Rendered inside a Suspense boundary it
 * suspends like React's lazy; PageFrame instead loads it without suspending (useLoaded), and the side menu loads
 * a screen's code on hover.
 */
export function lazy<T extends ComponentType<any>>(
  factory: () => Promise<{ default: T }>,
): LazyPage<ComponentProps<T>> {
  let promise: Promise<T> | undefined;
  let component: T | undefined;
  const load = () => {
    promise ??= factory().then((m) => {
      component = m.default;
      return component;
    });
    return promise;
  };
  // biome-ignore lint/correctness/noComponentHookFactories: one component per screen, made once when its pages.ts loads (as React's lazy)
  const Page = (props: ComponentProps<T>) => createElement(component ?? use(load()), props);
  Page.load = load;
  Page.loaded = () => component;
  return Page as LazyPage<ComponentProps<T>>;
}

/**
 * Whether a component's code is there (always, for one that is not a LazyPage), asking for it in the render that
 * first needs it; the component re-renders when it arrives. Why not Suspense: React holds back the content of a
 * boundary that showed its fallback until 300 ms after the fallback appeared (its throttling of reveals), however
 * fast the code came; here the code's arrival is an ordinary update, rendered at once.
 */
export function useLoaded(C: unknown): { ready: boolean; failed: boolean } {
  const lazyPage = isLazyPage(C) ? C : undefined;
  const ready = !lazyPage || !!lazyPage.loaded();
  const pending = ready ? undefined : lazyPage?.load();
  const [failed, setFailed] = useState(false);
  const [, setArrived] = useState(false);
  useEffect(() => {
    if (!pending) return;
    let live = true;
    pending.then(
      () => live && setArrived(true),
      (e: unknown) => {
        console.error(e);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [pending]);
  return { ready, failed };
}
