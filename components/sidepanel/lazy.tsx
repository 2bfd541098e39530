// A component loaded on first use, as a chunk of its own (parts of the panel most visits never open).

import type { ComponentType, FunctionComponent } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';

export type LazyComponent<P extends object> = FunctionComponent<P> & {
  /** Starts loading it before it is shown (once the first paint is done), so it shows at once when asked for. */
  preload(): void;
};

export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const start = () => {
    loading ??= load().then((c) => {
      loaded = c;
      return c;
    });
    return loading;
  };
  function Lazy(props: P) {
    const [component, setComponent] = useState<ComponentType<P> | null>(() => loaded);
    const [failed, setFailed] = useState<string | null>(null);
    useEffect(() => {
      if (component) return;
      let cancelled = false;
      start().then(
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
          {i18n.t('common.partFailed', { reason: failed })}
        </p>
      );
    if (!component) return <p class="muted">{i18n.t('common.loading')}</p>;
    const Component = component;
    return <Component {...props} />;
  }
  return Object.assign(Lazy, {
    preload() {
      start().catch(() => {
        // Shown (with the reason) when the part is asked for and still cannot load.
        loading = null;
      });
    },
  });
}
