// What the dealing part loads when its first message comes or its worker-start duties need it (index.ts).
import type { Handlers } from '../handlers/table';
import { applicationHandlers } from './application-handlers';
import { dealHandlers } from './deal-handlers';
import { lockHandlers } from './lock-handlers';
import { permitHandlers } from './permit-handlers';
import { positionHandlers } from './position-handlers';

export const handlers: Partial<Handlers> = {
  ...permitHandlers,
  ...dealHandlers,
  ...positionHandlers,
  ...lockHandlers,
  ...applicationHandlers,
};

export { revokeAllPermits } from './permits';
export { scheduleReconcile, stopReconcileSchedule } from './reconciler';
