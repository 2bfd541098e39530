import { settleOrders } from '../dealing/orders';
import { type Ctx, type Handler, ok } from '../http';

/** A dealing request: orders the market has reached are filled first, then the step answers its deal reference. */
export function dealStep(step: (ctx: Ctx) => string): Handler {
  return (ctx) => {
    settleOrders(ctx.world, ctx.now);
    return ok({ dealReference: step(ctx) });
  };
}
