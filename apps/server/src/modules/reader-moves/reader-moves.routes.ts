import { P } from '@shuyuan/contracts/common/paths';
import { opCode } from '@shuyuan/contracts/kit/resource';
import {
  READERS_SCREEN,
  TransferReadersBody,
  UPGRADE_SCREEN,
  UpgradeApplyBody,
} from '@shuyuan/contracts/reader-moves/moves';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { fail, invalid } from '../../platform/errors.ts';
import { route } from '../../platform/route.ts';
import { appUser } from '../auth/user.table.ts';
import { schoolClass } from '../org/school-class.table.ts';
import { applyUpgrade, previewUpgrade } from './upgrade.service.ts';

/** Moving readers: the year-end upgrade of whole grades and the class transfer of selected readers. */
export function readerMovesRoutes(app: FastifyInstance): void {
  route(app, {
    url: `${P}/ReaderMoves/PreviewUpgrade`,
    access: UPGRADE_SCREEN,
    summary: 'What the year-end upgrade would do: class moves, graduating classes, graduates with open loans first',
    handler: ({ db, scope }) => previewUpgrade(db, scope),
  });

  route(app, {
    url: `${P}/ReaderMoves/ApplyUpgrade`,
    access: opCode(UPGRADE_SCREEN, 'upgrade'),
    schema: UpgradeApplyBody,
    audit: 'readers.upgrade',
    summary: 'Apply the upgrade previewed (token) in one transaction',
    handler: (ctx) => applyUpgrade(ctx, ctx.body),
  });

  route(app, {
    url: `${P}/ReaderMoves/TransferReaders`,
    access: opCode(READERS_SCREEN, 'transfer'),
    schema: TransferReadersBody,
    audit: 'readers.transfer',
    summary: 'Move the selected readers to another class (active, same school)',
    handler: async ({ db, scope, body, t, auditDetail }) => {
      const [cls] = await db
        .select({ id: schoolClass.id, state: schoolClass.state })
        .from(schoolClass)
        .where(scope.where(schoolClass, eq(schoolClass.id, body.classId)))
        .limit(1);
      if (!cls) throw invalid([{ path: 'classId', message: t('readerMoves.transfer.classInvalid') }]);
      if (cls.state !== 1) throw fail('CLASS_CLOSED', 'readerMoves.transfer.classClosed');
      const ids = [...new Set(body.readerIds)];
      return db.transaction(async (tx) => {
        const found = await tx
          .select({ id: appUser.id })
          .from(appUser)
          .where(scope.where(appUser, inArray(appUser.id, ids), ne(appUser.identity, 'staff')));
        if (found.length !== ids.length) throw fail('READER_NOT_FOUND', 'readerMoves.transfer.readerMissing');
        const moved = await tx
          .update(appUser)
          .set({ classId: body.classId, updatedAt: new Date() })
          .where(scope.where(appUser, and(inArray(appUser.id, ids))))
          .returning({ id: appUser.id });
        auditDetail.count = moved.length;
        return { moved: moved.length };
      });
    },
  });
}
