// @tanstack/virtual-core wired to Preact: only the rows on screen (plus overscan) are in the DOM.
import {
  elementScroll,
  observeElementOffset,
  observeElementRect,
  Virtualizer,
  type VirtualizerOptions,
} from '@tanstack/virtual-core';
import { useLayoutEffect, useReducer, useState } from 'preact/hooks';
import { assumedViewportHeight } from '../../lib/sidepanel/table-layout';

/** Before layout (and where layout is not computed) the list has no height yet: assume a panel's. */
const observeRect: VirtualizerOptions<HTMLDivElement, HTMLDivElement>['observeElementRect'] = (instance, cb) =>
  observeElementRect(instance, (rect) =>
    cb(rect.height > 0 ? rect : { width: rect.width, height: instance.targetWindow?.innerHeight || 600 }),
  );

export function useVirtualRows(opts: {
  count: number;
  rowHeight: number;
  getScrollElement: () => HTMLDivElement | null;
  overscan?: number;
  /** Space above the first row inside the scroller (a sticky header). */
  scrollMargin?: number;
}): Virtualizer<HTMLDivElement, HTMLDivElement> {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const options: VirtualizerOptions<HTMLDivElement, HTMLDivElement> = {
    count: opts.count,
    getScrollElement: opts.getScrollElement,
    estimateSize: () => opts.rowHeight,
    overscan: opts.overscan ?? 6,
    scrollMargin: opts.scrollMargin ?? 0,
    scrollPaddingStart: opts.scrollMargin ?? 0,
    scrollToFn: elementScroll,
    observeElementRect: observeRect,
    // Until the list is measured (after its first render), assume a panel's height: the first render then
    // has its rows already, rather than an empty table and a second render once measured.
    initialRect: { width: 0, height: assumedViewportHeight() },
    observeElementOffset,
    onChange: () => rerender(undefined),
  };
  const [virtualizer] = useState(() => new Virtualizer(options));
  virtualizer.setOptions(options);
  useLayoutEffect(() => virtualizer._didMount(), [virtualizer]);
  useLayoutEffect(() => {
    virtualizer._willUpdate();
  });
  return virtualizer;
}
