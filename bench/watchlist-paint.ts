// What a watchlist page hands the compositor each frame, for bench/watchlist-trace.ts: the display items of its
// paint (each frame converts and pushes every one of its layer's items, not only those that changed) and the
// drawing operations of its largest layer, by kind: a clip or transform of a cell of its own shows as a
// save/clip/restore around the cell's drawing, so the kinds a row adds say what each cell costs a frame.
import type { CDPSession } from 'playwright-core';

interface Layer {
  layerId: string;
  drawsContent: boolean;
  width: number;
  height: number;
}

/** The median size of the page's display list over a trace (PaintController::commitNewDisplayItems). */
export function displayItems(events: { name: string; args?: Record<string, unknown> }[]): number | null {
  const sizes = events
    .filter((e) => e.name === 'PaintController::commitNewDisplayItems')
    .map((e) => Number(e.args?.current_display_list_size))
    .sort((a, b) => a - b);
  return sizes.length ? sizes[Math.floor(sizes.length / 2)]! : null;
}

/** The drawing operations of the page's largest layer, by kind, most first, and the number of layers. */
export async function layerOps(cdp: CDPSession): Promise<{ layers: number; ops: [string, number][] }> {
  let layers: Layer[] = [];
  const seen = new Promise<void>((resolve) =>
    cdp.on('LayerTree.layerTreeDidChange', (e: { layers?: Layer[] }) => {
      if (e.layers) layers = e.layers;
      resolve();
    }),
  );
  await cdp.send('LayerTree.enable');
  await Promise.race([seen, new Promise((r) => setTimeout(r, 2_000))]);
  const largest = layers.filter((l) => l.drawsContent).sort((a, b) => b.width * b.height - a.width * a.height)[0];
  const ops = new Map<string, number>();
  if (largest) {
    const { snapshotId } = await cdp.send('LayerTree.makeSnapshot', { layerId: largest.layerId });
    const { commandLog } = await cdp.send('LayerTree.snapshotCommandLog', { snapshotId });
    for (const { method } of commandLog as { method: string }[]) ops.set(method, (ops.get(method) ?? 0) + 1);
    await cdp.send('LayerTree.releaseSnapshot', { snapshotId });
  }
  await cdp.send('LayerTree.disable');
  return { layers: layers.length, ops: [...ops].sort((a, b) => b[1] - a[1]) };
}
