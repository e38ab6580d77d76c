import type { LedgerDto, LossDto } from '@shuyuan/contracts/losses/loss';
import type { Ctx } from '../../platform/route.ts';
import { userNames } from '../reminders/user-names.ts';
import type { ledgerEntry, lossRecord } from './loss.table.ts';
import { schoolTime } from '../reminders/school-time.ts';

export async function lossDto(r: typeof lossRecord.$inferSelect, ctx: Ctx<any>): Promise<LossDto> {
  const names = await userNames(ctx.db, [r.readerId, r.registeredBy]);
  return {
    id: r.id,
    orderNo: r.orderNo,
    state: r.state as LossDto['state'],
    copyId: r.copyId,
    barcode: r.barcode,
    recordId: r.recordId,
    title: r.title,
    readerId: r.readerId,
    readerAccount: r.readerId ? (names.get(r.readerId)?.account ?? '') : '',
    readerName: r.readerId ? (names.get(r.readerId)?.name ?? '') : '',
    loanId: r.loanId,
    compensationFen: r.compensationFen,
    refundFen: r.refundFen,
    payMethod: r.payMethod as LossDto['payMethod'],
    option: r.option as LossDto['option'],
    registeredAt: r.registeredAt.toISOString(),
    registeredByName: r.registeredBy ? (names.get(r.registeredBy)?.name ?? '') : '',
    compensatedAt: r.compensatedAt?.toISOString() ?? null,
    retrievedAt: r.retrievedAt?.toISOString() ?? null,
    note: r.note,
  };
}

export async function ledgerDto(r: typeof ledgerEntry.$inferSelect, ctx: Ctx<any>): Promise<LedgerDto> {
  const names = await userNames(ctx.db, [r.readerId, r.operatorId]);
  return {
    id: r.id,
    kind: r.kind as LedgerDto['kind'],
    amountFen: r.amountFen,
    readerId: r.readerId,
    readerAccount: r.readerId ? (names.get(r.readerId)?.account ?? '') : '',
    readerName: r.readerId ? (names.get(r.readerId)?.name ?? '') : '',
    ref: r.ref,
    operatorName: r.operatorId ? (names.get(r.operatorId)?.name ?? '') : '',
    createdAt: r.createdAt.toISOString(),
    note: r.note,
  };
}

const yuan = (fen: number) => (fen / 100).toFixed(2);

type Zone = { timeZone: string };

/** Export columns of loss records and compensation orders. */
export const lossColumns = [
  { labelKey: 'losses.col.orderNo', value: (d: LossDto) => d.orderNo },
  { labelKey: 'losses.col.barcode', value: (d: LossDto) => d.barcode },
  { labelKey: 'losses.col.title', value: (d: LossDto) => d.title },
  { labelKey: 'losses.col.reader', value: (d: LossDto) => (d.readerId ? `${d.readerName} (${d.readerAccount})` : '') },
  { labelKey: 'losses.col.compensation', value: (d: LossDto) => yuan(d.compensationFen) },
  { labelKey: 'losses.col.refund', value: (d: LossDto) => yuan(d.refundFen) },
  { labelKey: 'losses.col.state', value: (d: LossDto, t: (k: string) => string) => t(`losses.state.${d.state}`) },
  {
    labelKey: 'losses.col.option',
    value: (d: LossDto, t: (k: string) => string) => (d.option ? t(`losses.option.${d.option}`) : ''),
  },
  {
    labelKey: 'losses.col.registeredAt',
    value: (d: LossDto, _t: unknown, z: Zone) => schoolTime(d.registeredAt, z.timeZone),
  },
  {
    labelKey: 'losses.col.compensatedAt',
    value: (d: LossDto, _t: unknown, z: Zone) => schoolTime(d.compensatedAt, z.timeZone),
  },
  {
    labelKey: 'losses.col.retrievedAt',
    value: (d: LossDto, _t: unknown, z: Zone) => schoolTime(d.retrievedAt, z.timeZone),
  },
  { labelKey: 'losses.col.note', value: (d: LossDto) => d.note },
];
