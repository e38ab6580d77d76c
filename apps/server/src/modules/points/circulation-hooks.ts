import { registerReturnHook } from '../circulation/circulation.hooks.ts';
import { planAward, sendAward } from './award.ts';
import { POINT_RULES } from './rules.ts';

/**
 * A return earns `return_on_time` (no open day overdue) or costs `overdue_return`, once per loan, in the return's
 * transaction. The rules come from the desk's configuration snapshot (loaded with the command's other parts):
 * when the event's rule is off the hook costs no query; when it is on, its two statements travel with the return's
 * write (the hook answers them as `sent`), or for a quick return right behind its one statement.
 */
registerReturnHook(
  async (ctx) => {
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
  },
  // A quick return is on time: its award is sent behind the return's statement, which names the loan and reader (none
  // when its guess did not hold: the award then writes nothing).
  async (ctx) => {
    const plan = await planAward(ctx.config, {
      userId: ctx.readerId,
      event: 'return_on_time',
      refType: 'loan',
      refId: ctx.loanId,
    });
    return plan && ((tx) => plan(tx, ctx.scope));
  },
);
