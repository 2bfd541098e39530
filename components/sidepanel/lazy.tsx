// A component loaded on first use, as a chunk of its own (parts of the panel most visits never open).
import type { ComponentType, FunctionComponent } from 'preact';
import { useEffect, useState } from 'preact/hooks';

export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): FunctionComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  return function Lazy(props: P) {
    const [component, setComponent] = useState<ComponentType<P> | null>(() => loaded);
    const [failed, setFailed] = useState<string | null>(null);
    useEffect(() => {
      if (component) return;
      let cancelled = false;
      loading ??= load().then((c) => {
        loaded = c;
        return c;
      });
      loading.then(
        (c) => {
          if (!cancelled) setComponent(() => c);
        },
        (err: unknown) => {
          loading = null;
          if (!cancelled) setFailed(err instanceof Error ? err.message : String(err));
        },
      );
      return () => {
        cancelled = true;
      };
    }, [component]);
    if (failed)
      return (
        <p class="banner banner--error" role="alert">
          This part could not load: {failed}
        </p>
      );
    if (!component) return <p class="muted">Loading…</p>;
    const Component = component;
    return <Component {...props} />;
  };
}
