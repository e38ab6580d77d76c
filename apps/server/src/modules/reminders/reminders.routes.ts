import { P } from '@shuyuan/contracts/common/paths';
import { opCode } from '@shuyuan/contracts/kit/resource';
import {
  DueListQuery,
  ReminderLogQuery,
  type ReminderLogDto,
  SendRemindersBody,
} from '@shuyuan/contracts/reminders/reminder';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { defineResource } from '../../platform/resource/define.ts';
import { type Ctx, route } from '../../platform/route.ts';
import { dayFilter } from './day-filter.ts';
import { reminderLog } from './reminder-log.table.ts';
import { dueList, logOrder, NO_ADDRESS, sendReminders } from './reminders.service.ts';
import { userNames } from './user-names.ts';
import { schoolTime } from './school-time.ts';

/** Screen /recall (催还通知); /no-return (the loan records screen) sends through its own permission. */
export const RECALL = 'recall';
export const NO_RETURN = 'no-return';

type LogRow = typeof reminderLog.$inferSelect;

async function logDto(r: LogRow, ctx: Ctx<any>): Promise<ReminderLogDto> {
  const names = await userNames(ctx.db, [r.readerId, r.operatorId]);
  return {
    id: r.id,
    kind: r.kind as ReminderLogDto['kind'],
    trigger: r.trigger as ReminderLogDto['trigger'],
    readerId: r.readerId,
    readerAccount: names.get(r.readerId)?.account ?? '',
    readerName: names.get(r.readerId)?.name ?? '',
    toAddress: r.toAddress,
    lang: r.lang,
    subject: r.subject,
    loanCount: r.loanIds.length,
    ok: r.ok,
    error: r.error === NO_ADDRESS ? ctx.t('reminders.noAddress') : r.error,
    operatorName: r.operatorId ? (names.get(r.operatorId)?.name ?? '') : ctx.t('reminders.trigger.schedule'),
    createdAt: r.createdAt.toISOString(),
  };
}

export function remindersRoutes(app: FastifyInstance): void {
  const send = (access: string, url: string) =>
    route(app, {
      url,
      access,
      schema: SendRemindersBody,
      audit: 'reminder.send',
      summary: 'Send overdue / due-soon reminders by e-mail now (chosen loans, or all of the kind)',
      handler: ({ req, schoolId, body, user }) =>
        sendReminders(req.server, schoolId, {
          kind: body.kind,
          loanIds: body.loanIds,
          classId: body.classId,
          gradeId: body.gradeId,
          trigger: 'manual',
          operatorId: user?.userId ?? null,
        }),
    });
  send(opCode(NO_RETURN, 'remind'), `${P}/Circulation/SendReminders`);
  send(opCode(RECALL, 'remind'), `${P}/Reminder/SendReminders`);

  route(app, {
    url: `${P}/Reminder/GetDueList`,
    access: RECALL,
    schema: DueListQuery,
    handler: ({ db, scope, body }) => dueList(db, scope, body),
  });

  defineResource(app, {
    area: 'Reminder',
    entity: 'ReminderLog',
    table: reminderLog,
    permission: RECALL,
    audit: 'reminderLog',
    contracts: { create: ReminderLogQuery, update: ReminderLogQuery, list: ReminderLogQuery },
    routes: { get: false, add: false, update: false, delete: false },
    search: [reminderLog.toAddress, reminderLog.subject],
    filters: (q) => [
      q.kind ? eq(reminderLog.kind, q.kind) : undefined,
      q.result ? eq(reminderLog.ok, q.result === 'ok') : undefined,
      ...dayFilter(reminderLog.createdAt, reminderLog.schoolId, q.from, q.to),
    ],
    orderBy: logOrder,
    toDto: logDto,
    export: {
      fileNameKey: 'reminders.logFile',
      columns: [
        { labelKey: 'reminders.col.createdAt', value: (d, _t, z) => schoolTime(d.createdAt, z.timeZone) },
        { labelKey: 'reminders.col.kind', value: (d, t) => t(`reminders.kind.${d.kind}`) },
        { labelKey: 'reminders.col.reader', value: (d) => `${d.readerName} (${d.readerAccount})` },
        { labelKey: 'reminders.col.to', value: (d) => d.toAddress },
        { labelKey: 'reminders.col.subject', value: (d) => d.subject },
        { labelKey: 'reminders.col.loans', value: (d) => d.loanCount },
        { labelKey: 'reminders.col.result', value: (d, t) => (d.ok ? t('reminders.ok') : d.error) },
        { labelKey: 'reminders.col.operator', value: (d) => d.operatorName },
      ],
    },
  });
}
