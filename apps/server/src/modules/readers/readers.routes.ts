import { desc, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { P } from '@shuyuan/contracts/common/paths';
import { opCode } from '@shuyuan/contracts/kit/resource';
import {
  READER_IMPORT_COLUMNS,
  ReaderCreate,
  type ReaderDto,
  type ReaderImportColumn,
  ReaderIdBody,
  ReaderListQuery,
  ReaderUpdate,
  ReissueCardBody,
} from '@shuyuan/contracts/readers/reader';
import { fail } from '../../platform/errors.ts';
import { defineResource } from '../../platform/resource/define.ts';
import { route } from '../../platform/route.ts';
import { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { mustExist } from '../basic/refs.ts';
import { department } from '../org/department.table.ts';
import { permissionGroup } from '../org/organization.table.ts';
import { schoolClass } from '../org/school-class.table.ts';
import { reissueCard, setCardLost } from '../losses/lost-cards.service.ts';
import { checkScanKeys, RFID_CONSTRAINT } from './card-rfid.ts';
import { anyOpenLoans, defaultGroupId, readerDto, readerValues } from './reader.values.ts';
import { importRoutes } from './readers.import.ts';
import { cardRoutes } from './cards.routes.ts';

import { CARDS, READERS } from './readers.codes.ts';

export { CARDS, READERS };

export function readersRoutes(app: FastifyInstance): void {
  const svc = defineResource(app, {
    area: 'Readers',
    entity: 'Reader',
    table: appUser,
    permission: READERS,
    audit: 'reader',
    contracts: { create: ReaderCreate, update: ReaderUpdate, list: ReaderListQuery },
    // Staff share app_user; they are managed on the role screen, never here.
    visible: () => ne(appUser.identity, 'staff'),
    search: [appUser.account, appUser.name, appUser.phone],
    filters: (q, ctx) => [
      q.identity ? eq(appUser.identity, q.identity) : undefined,
      q.classId ? eq(appUser.classId, q.classId) : undefined,
      q.departmentId ? eq(appUser.departmentId, q.departmentId) : undefined,
      q.state === undefined ? undefined : eq(appUser.state, q.state),
      q.gradeId
        ? inArray(
            appUser.classId,
            ctx.db
              .select({ id: schoolClass.id })
              .from(schoolClass)
              .where(new Scope(ctx.schoolId).where(schoolClass, eq(schoolClass.gradeId, q.gradeId))),
          )
        : undefined,
    ],
    orderBy: [desc(appUser.id)],
    unique: [
      {
        field: 'account',
        labelKey: 'readers.reader.account',
        columns: [appUser.account],
        constraint: 'app_user_school_account_uq',
      },
      // A card RFID belongs to one reader of the school (the card desk and re-issue check it too).
      {
        field: 'cardRfid',
        labelKey: 'readers.reader.cardRfid',
        columns: [appUser.cardRfid],
        constraint: RFID_CONSTRAINT,
      },
    ],
    toDto: readerDto,
    toValues: async ({ ctx, db, input, existing }) => {
      const v = await readerValues(input as ReaderCreate, !existing);
      // A new reader without a group gets the default group of their identity.
      if (!existing && v.permissionGroupId == null)
        v.permissionGroupId = await defaultGroupId(db, ctx.scope, v.identity ?? 'student');
      return v;
    },
    hooks: {
      beforeSave: async ({ ctx, db, input, existing }) => {
        await checkScanKeys(db, ctx.scope, ctx.t, existing?.id ?? null, input);
        await mustExist(db, ctx, schoolClass, input.classId, 'classId', 'readers.reader.classInvalid');
        await mustExist(db, ctx, department, input.departmentId, 'departmentId', 'readers.reader.departmentInvalid');
        await mustExist(
          db,
          ctx,
          permissionGroup,
          input.permissionGroupId,
          'permissionGroupId',
          'readers.reader.groupInvalid',
        );
      },
      beforeDelete: async ({ ctx, db, rows }) => {
        if (
          await anyOpenLoans(
            db,
            ctx.schoolId,
            rows.map((r) => r.id),
          )
        )
          throw fail('IN_USE', 'readers.reader.hasLoans');
      },
    },
    export: {
      fileNameKey: 'readers.reader.file',
      columns: exportColumns(),
    },
  });

  // The card operations of the reader list share the lost-card screen's service (one rule for both).
  route(app, {
    url: `${P}/Readers/ReportCardLost`,
    access: opCode(CARDS, 'edit'),
    schema: ReaderIdBody,
    audit: 'reader.cardLost',
    summary: 'Report the physical card lost: borrowing with it is refused until a re-issue; a repeat is CARD_STATE',
    handler: async (ctx) => {
      await setCardLost(ctx.db, ctx.scope, ctx.body.id, true);
      return svc.get(ctx, ctx.body.id);
    },
  });

  route(app, {
    url: `${P}/Readers/ReissueCard`,
    access: opCode(CARDS, 'issue'),
    schema: ReissueCardBody,
    audit: 'reader.reissueCard',
    summary: 'Re-issue the card: new processing time, optional new RFID (unique in the school), lost flag cleared',
    handler: async (ctx) => {
      await reissueCard(ctx.db, ctx.scope, ctx.t, ctx.body.id, ctx.body.cardRfid);
      return svc.get(ctx, ctx.body.id);
    },
  });

  importRoutes(app);
  cardRoutes(app, svc);
}

/**
 * The export writes the import template's columns first, with the same headers, so an exported file can be
 * edited and imported again (with "update existing readers"); deposit and card state follow (the import
 * ignores them: the deposit moves only through the ledger).
 */
function exportColumns() {
  type T = (k: string) => string;
  const text = (k: keyof ReaderDto) => (d: ReaderDto) => (d[k] as string | null) ?? '';
  const byKey: Record<ReaderImportColumn, (d: ReaderDto, t: T) => string | number> = {
    account: text('account'),
    name: text('name'),
    enName: text('enName'),
    identity: (d, t) => t(`readers.identity.${d.identity}`),
    sex: (d, t) => t(`readers.sex.${d.sex}`),
    className: (d) => (d.className ? [d.gradeName, d.className].filter(Boolean).join('/') : ''),
    departmentName: text('departmentName'),
    permissionGroupName: text('permissionGroupName'),
    phone: text('phone'),
    email: text('email'),
    birthday: text('birthday'),
    cardRfid: text('cardRfid'),
    validUntil: text('validUntil'),
  };
  return [
    ...READER_IMPORT_COLUMNS.map((k) => ({ labelKey: `readers.import.col.${k}`, value: byKey[k] })),
    { labelKey: 'readers.reader.deposit', value: (d: ReaderDto) => d.deposit },
    {
      labelKey: 'readers.reader.cardLost',
      value: (d: ReaderDto, t: T) => t(d.cardLost ? 'readers.yes' : 'readers.no'),
    },
  ];
}
