import { registerReturnHook } from '../circulation/circulation.hooks.ts';
import { sendAward } from './award.ts';
import { POINT_RULES } from './rules.ts';

/**
 * A return earns `return_on_time` (no open day overdue) or costs `overdue_return`, once per loan, in the return's
 * transaction. The rules come from the desk's configuration snapshot (loaded with the command's other parts):
 * when the event's rule is off the hook costs no query; when it is on, its two statements travel with the return's
 * write (the hook answers them as `sent`).
 */
registerReturnHook(async (ctx) => {
  const event = ctx.overdueDays > 0 ? 'overdue_return' : 'return_on_time';
  const rule = (await ctx.config.get(POINT_RULES)).get(event);
  if (!rule?.enabled || rule.points === 0) return undefined;
  // Sent, not awaited: the return awaits it with its own write (one round trip for both).
  return sendAward(ctx.tx, ctx.scope, ctx.config, {
    userId: ctx.loan.userId,
    event,
    refType: 'loan',
    refId: ctx.loan.id,
  });
});
