/**
 * IG's weekend maintenance (reference §1.8: "we do have planned maintenance during weekends … all tokens are
 * invalidated"): for a window of simulated time every REST request gets the maintenance error, every token dies
 * as the window opens, and the stream ends its sessions and takes no new ones.
 */
export interface MaintenanceWindow {
  /** Simulated time (ms) the window opens. */
  from: number;
  /** Simulated time (ms) it closes. */
  to: number;
  /** What REST answers meanwhile. The reference records no maintenance-specific code: IG's generic 500. */
  status: number;
  errorCode: string;
}

export const MAINTENANCE_ERROR = { status: 500, errorCode: 'system.error' } as const;

export type WindowRequest = Pick<MaintenanceWindow, 'from' | 'to'> &
  Partial<Pick<MaintenanceWindow, 'status' | 'errorCode'>>;

export class MaintenanceSchedule {
  private windows: { window: MaintenanceWindow; opened: boolean }[] = [];

  /** `onOpen` runs once per window, the first time anything looks at a time inside it. */
  constructor(private readonly onOpen: (w: MaintenanceWindow) => void) {}

  add(req: WindowRequest): MaintenanceWindow {
    const { from, to } = req;
    if (!Number.isFinite(from) || !Number.isFinite(to) || to <= from)
      throw new Error('a maintenance window needs from < to (ms)');
    const status = req.status ?? MAINTENANCE_ERROR.status;
    const errorCode = req.errorCode ?? MAINTENANCE_ERROR.errorCode;
    if (!Number.isInteger(status) || status < 400 || status > 599 || typeof errorCode !== 'string' || !errorCode)
      throw new Error('a maintenance window needs an error status (400-599) and errorCode');
    const window = { from, to, status, errorCode };
    this.windows.push({ window, opened: false });
    return { ...window };
  }

  /** The window covering `now`, opened (tokens killed, streams ended) the first time it is seen. */
  at(now: number): MaintenanceWindow | undefined {
    const hit = this.windows.find((w) => now >= w.window.from && now < w.window.to);
    if (!hit) return undefined;
    if (!hit.opened) {
      hit.opened = true;
      this.onOpen(hit.window);
    }
    return hit.window;
  }

  list(): MaintenanceWindow[] {
    return this.windows.map((w) => ({ ...w.window }));
  }

  clear(): void {
    this.windows = [];
  }
}
