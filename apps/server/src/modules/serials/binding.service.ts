import { CircState, StoreType } from '@shuyuan/contracts/catalogue/copy-state';
import type { Lang } from '@shuyuan/contracts/common/lang';
import type { BindBody, BindIssueRow, BindIssuesQuery, BindResult } from '@shuyuan/contracts/serials/binding';
import type { SerialKind } from '@shuyuan/contracts/serials/pattern';
import { and, asc, between, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fail, notFound } from '../../platform/errors.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { copy } from '../catalogue/catalogue.table.ts';
import { addCopies } from '../catalogue/catalogue.service.ts';
import { deleteCopies } from '../catalogue/collection.service.ts';
import { issueLabel } from './arrival.query.ts';
import { selectVolumes } from './binding.query.ts';
import { serialIssue, serialIssueCopy, serialTitle, serialVolume } from './serials.table.ts';

type Tr = (key: string, params?: Record<string, unknown>) => string;

/** What names an issue (its label) and its state. */
const numbering = {
  id: serialIssue.id,
  year: serialIssue.year,
  volume: serialIssue.volume,
  issueNo: serialIssue.issueNo,
  wholeNo: serialIssue.wholeNo,
  state: serialIssue.state,
};

/** A title of the school and kind (with its catalogue record), or not found. */
async function titleOf(db: Db, scope: Scope, kind: SerialKind, titleId: number) {
  const [row] = await db
    .select({
      id: serialTitle.id,
      title: serialTitle.title,
      recordId: serialTitle.recordId,
      price: serialTitle.pricePerIssueFen,
    })
    .from(serialTitle)
    .where(scope.where(serialTitle, eq(serialTitle.id, titleId), eq(serialTitle.kind, kind)));
  if (!row) throw notFound('serials.binding.titleNotFound');
  return row;
}

/** Per issue of the title's year: its copies (on the shelf and not bound, bound) and the volumes they went into. */
export async function bindIssues(db: Db, scope: Scope, kind: SerialKind, q: BindIssuesQuery, lang: Lang) {
  await titleOf(db, scope, kind, q.titleId);
  const issues = await db
    .select({
      ...numbering,
      expectedDate: serialIssue.expectedDate,
      arrivedCopies: serialIssue.arrivedCopies,
      bindable: sql<number>`count(*) filter (where ${copy.circState} = 'available' and ${serialIssueCopy.volumeId} is null)::int`,
      bound: sql<number>`count(${serialIssueCopy.volumeId})::int`,
      volumes: sql<string[]>`coalesce(array_agg(distinct vc.barcode) filter (where vc.barcode is not null), '{}')`,
    })
    .from(serialIssue)
    .leftJoin(serialIssueCopy, eq(serialIssueCopy.issueId, serialIssue.id))
    .leftJoin(copy, eq(copy.id, serialIssueCopy.copyId))
    .leftJoin(serialVolume, eq(serialVolume.id, serialIssueCopy.volumeId))
    .leftJoin(sql`copy vc`, sql`vc.id = ${serialVolume.copyId}`)
    .where(scope.where(serialIssue, eq(serialIssue.titleId, q.titleId), eq(serialIssue.year, q.year)))
    .groupBy(serialIssue.id)
    .orderBy(asc(serialIssue.seq));
  return issues.map(
    (r): BindIssueRow => ({
      id: r.id,
      label: issueLabel(r, lang),
      issueNo: r.issueNo,
      wholeNo: r.wholeNo,
      expectedDate: r.expectedDate,
      state: r.state as BindIssueRow['state'],
      arrivedCopies: r.arrivedCopies,
      bindable: r.arrivedCopies ? r.bindable : 0,
      bound: r.bound,
      volumes: r.volumes,
    }),
  );
}

/**
 * Binds one copy of each arrived issue numbered `fromIssue`–`toIssue` of the year into a new volume, in one
 * transaction: the volume becomes a copy of the title's record (barcode from the school's rule unless typed, call
 * number "class/book year from-to", price the issues' price), the issue copies become 'bound'. A copy at the
 * volume's location is taken first. Refused: no issue in the range, issues not arrived (unless `allowMissing`),
 * an issue with no copy on the shelf left to bind.
 */
export function bindVolume(
  db: Db,
  scope: Scope,
  kind: SerialKind,
  body: BindBody,
  userId: number | null,
  t: Tr,
  lang: Lang,
): Promise<BindResult> {
  return db.transaction(async (tx) => {
    const title = await titleOf(tx, scope, kind, body.titleId);
    if (!title.recordId) throw fail('SERIAL_NO_RECORD', 'serials.arrival.noRecord', { title: title.title });
    const issues = await tx
      .select({
        ...numbering,
        boundVolumeId: serialIssue.boundVolumeId,
      })
      .from(serialIssue)
      .where(
        scope.where(
          serialIssue,
          eq(serialIssue.titleId, title.id),
          eq(serialIssue.year, body.year),
          between(serialIssue.issueNo, body.fromIssue, body.toIssue),
        ),
      )
      .orderBy(asc(serialIssue.seq))
      .for('update');
    if (!issues.length)
      throw fail('SERIAL_BIND_EMPTY', 'serials.binding.noIssues', { from: body.fromIssue, to: body.toIssue });
    const arrived = issues.filter((i) => i.state === 'arrived');
    const missing = issues.filter((i) => i.state !== 'arrived').map((i) => issueLabel(i, lang));
    if (!arrived.length) throw fail('SERIAL_BIND_NONE_ARRIVED', 'serials.binding.noneArrived');
    if (missing.length && !body.allowMissing)
      throw fail('SERIAL_BIND_MISSING', 'serials.binding.notArrived', {
        issues: missing.join(lang === 'zh' ? '、' : ', '),
      });

    // One copy per issue: on the shelf, not bound, the volume's location first, then the oldest.
    const candidates = await tx
      .select({ issueId: serialIssueCopy.issueId, copyId: copy.id, locationId: copy.locationId })
      .from(serialIssueCopy)
      .innerJoin(copy, eq(copy.id, serialIssueCopy.copyId))
      .where(
        and(
          inArray(
            serialIssueCopy.issueId,
            arrived.map((i) => i.id),
          ),
          isNull(serialIssueCopy.volumeId),
          eq(copy.circState, CircState.AVAILABLE),
        ),
      )
      .orderBy(
        body.locationId ? sql`${copy.locationId} is distinct from ${body.locationId}` : asc(copy.id),
        asc(copy.id),
      )
      .for('update', { of: copy });
    const chosen = new Map<number, number>();
    for (const c of candidates) if (!chosen.has(c.issueId)) chosen.set(c.issueId, c.copyId);
    const without = arrived.filter((i) => !chosen.has(i.id));
    if (without.length)
      throw fail('SERIAL_BIND_NO_COPY', 'serials.binding.noCopy', {
        issues: without.map((i) => issueLabel(i, lang)).join(lang === 'zh' ? '、' : ', '),
      });

    const numbers = arrived.map((i) => i.issueNo ?? 0);
    const from = Math.min(...numbers);
    const to = Math.max(...numbers);
    const made = await addCopies(
      tx,
      scope,
      {
        recordId: title.recordId,
        count: 1,
        barcodes: body.barcode ? [body.barcode] : undefined,
        locationId: body.locationId,
        callNo: body.callNo,
        additionalNo: `${body.year}:${from}-${to}`,
        storeType: StoreType.CIRCULATION,
        unitPrice: body.price ?? (title.price == null ? undefined : (title.price * arrived.length) / 100),
      },
      t,
    );
    const volumeCopy = made.List[0];
    const [vol] = await tx
      .insert(serialVolume)
      .values(
        scope.values({
          titleId: title.id,
          year: body.year,
          fromIssue: from,
          toIssue: to,
          issues: arrived.length,
          copyId: volumeCopy.id,
          note: body.note,
          createdBy: userId,
        }),
      )
      .returning({ id: serialVolume.id });
    const copyIds = [...chosen.values()];
    await tx
      .update(copy)
      .set({ circState: CircState.BOUND, version: sql`${copy.version} + 1`, updatedAt: sql`now()` })
      .where(scope.where(copy, inArray(copy.id, copyIds)));
    await tx.update(serialIssueCopy).set({ volumeId: vol.id }).where(inArray(serialIssueCopy.copyId, copyIds));
    await tx
      .update(serialIssue)
      .set({ boundVolumeId: vol.id, updatedAt: sql`now()` })
      .where(
        and(
          inArray(
            serialIssue.id,
            arrived.map((i) => i.id),
          ),
          isNull(serialIssue.boundVolumeId),
        ),
      );
    const [volume] = await selectVolumes(tx, scope, kind, eq(serialVolume.id, vol.id));
    return { volume, missing };
  });
}

/**
 * Unbinds a volume bound by mistake: its issue copies are back on the shelf one by one and the volume's copy
 * leaves the catalogue. Refused while the volume is on loan or held (deleteCopies says which).
 */
export function unbindVolume(db: Db, scope: Scope, kind: SerialKind, volumeId: number): Promise<void> {
  return db.transaction(async (tx) => {
    const [vol] = await selectVolumes(tx, scope, kind, eq(serialVolume.id, volumeId));
    if (!vol) throw notFound('serials.binding.volumeNotFound');
    const bound = await tx
      .select({ copyId: serialIssueCopy.copyId, issueId: serialIssueCopy.issueId })
      .from(serialIssueCopy)
      .where(eq(serialIssueCopy.volumeId, vol.id));
    const copyIds = bound.map((b) => b.copyId);
    if (copyIds.length) {
      await tx
        .update(copy)
        .set({ circState: CircState.AVAILABLE, version: sql`${copy.version} + 1`, updatedAt: sql`now()` })
        .where(scope.where(copy, inArray(copy.id, copyIds), eq(copy.circState, CircState.BOUND)));
      await tx.update(serialIssueCopy).set({ volumeId: null }).where(eq(serialIssueCopy.volumeId, vol.id));
    }
    // An issue stays bound while another volume still holds one of its copies.
    await tx
      .update(serialIssue)
      .set({
        boundVolumeId: sql`(select min(c.volume_id) from serial_issue_copy c where c.issue_id = ${serialIssue.id})`,
        updatedAt: sql`now()`,
      })
      .where(scope.where(serialIssue, eq(serialIssue.boundVolumeId, vol.id)));
    await deleteCopies(tx, scope, [vol.copyId]);
  });
}
