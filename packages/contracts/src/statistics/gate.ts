import { z } from 'zod';
import { PageQuery } from '../common/envelope.ts';
import { checkPeriod, type PeriodRange, StatFilterShape } from './filters.ts';

/**
 * The library's entrance (issue 12 §1 visits): gate hardware and entrance screens report through the device API
 * (P/Gate/*, a device client's client-credentials token, /sys/devices); the back office reads the records
 * (/entry-exit-records), the visits per hour or day (/inoutstatistic) and the security-gate alarms (/alarm-record).
 */
export const DIRECTIONS = ['in', 'out'] as const;
export type Direction = (typeof DIRECTIONS)[number];
/** Where a pass was counted: by the gate itself, or by a reader card scanned at the entrance screen. */
export const GATE_SOURCES = ['gate', 'card'] as const;
export type GateSource = (typeof GATE_SOURCES)[number];

/** A device may send events it buffered while offline, up to this many days old. */
export const GATE_MAX_AGE_DAYS = 31;

const zGate = z.string().trim().max(50, 'gate.gateTooLong').default('');
const zAt = z.iso.datetime({ offset: true, message: 'gate.atInvalid' }).optional();
const zCard = z.string().trim().max(64, 'gate.cardTooLong');

/** P/Gate/PostPasses: people the gate counted (with the card it read, if any), in order; at most 500 a call. */
export const GatePassesBody = z.object({
  events: z
    .array(
      z.object({
        direction: z.enum(DIRECTIONS),
        /** When it happened (ISO time with offset); default: now. */
        at: zAt,
        gate: zGate,
        card: zCard.default(''),
      }),
    )
    .min(1, 'gate.eventsRequired')
    .max(500, 'gate.eventsTooMany'),
});
export type GatePassesBody = z.infer<typeof GatePassesBody>;
export interface GatePassesResult {
  /** Events recorded. */
  accepted: number;
  /** Of those, how many named a card that is no reader of the school (counted, not identified). */
  unknownCards: number;
}

/** P/Gate/CardScan: a reader scanned their card at the entrance screen. */
export const CardScanBody = z.object({
  card: zCard.min(1, 'gate.cardRequired'),
  direction: z.enum(DIRECTIONS).default('in'),
  gate: zGate,
});
export type CardScanBody = z.infer<typeof CardScanBody>;
export interface CardScanResult {
  direction: Direction;
  at: string;
  name: string;
  /** Grade and class (students), else ''. */
  className: string;
  /** The reader's visits (entries) today, this one included. */
  visitsToday: number;
}

/** P/Gate/CheckTags: the security gate read these copies' barcodes or tag UIDs (AFI/RFID or barcode events). */
export const CheckTagsBody = z.object({
  tags: z.array(z.string().trim().min(1, 'gate.tagRequired').max(64, 'gate.tagTooLong')).min(1).max(50),
  at: zAt,
  gate: zGate,
});
export type CheckTagsBody = z.infer<typeof CheckTagsBody>;
export interface TagCheck {
  tag: string;
  /** True: a copy of the library not on loan passed the gate — sound the alarm (it is recorded). */
  alarm: boolean;
  /** The copy read, or null when the tag is no copy of this school (no alarm). */
  barcode: string | null;
  title: string | null;
}
export interface CheckTagsResult {
  List: TagCheck[];
}

const periodFilters = {
  period: StatFilterShape.period,
  date: StatFilterShape.date,
  termId: StatFilterShape.termId,
  from: StatFilterShape.from,
  to: StatFilterShape.to,
};
const readerFilters = {
  gradeId: StatFilterShape.gradeId,
  classId: StatFilterShape.classId,
  identity: StatFilterShape.identity,
};

/** P/Statistics/EntryExitRecords (/entry-exit-records): the passes of a period, newest first. */
export const EntryRecordQuery = PageQuery.extend({
  ...periodFilters,
  ...readerFilters,
  direction: z.enum(DIRECTIONS).optional(),
  source: z.enum(GATE_SOURCES).optional(),
}).superRefine(checkPeriod);
export type EntryRecordQuery = z.infer<typeof EntryRecordQuery>;
export interface EntryRecordDto {
  id: number;
  at: string;
  direction: Direction;
  source: GateSource;
  gate: string;
  device: string;
  card: string;
  account: string;
  readerName: string;
  identity: string;
  gradeName: string;
  className: string;
}
export interface EntryRecordData {
  period: PeriodRange;
  /** The school's time zone: times are shown in it. */
  tz: string;
  Total: number;
  List: EntryRecordDto[];
}

/** P/Statistics/Visits (/inoutstatistic): entries and exits per hour of the day, per day or per month. */
export const VISIT_BUCKETS = ['hour', 'day', 'month'] as const;
export const VisitQuery = z
  .object({ ...periodFilters, ...readerFilters, by: z.enum(VISIT_BUCKETS).default('day') })
  .superRefine(checkPeriod);
export type VisitQuery = z.infer<typeof VisitQuery>;
export interface VisitRow {
  /** 0–23, YYYY-MM-DD or YYYY-MM. */
  key: string;
  ins: number;
  outs: number;
  /** Different readers identified entering (by card). */
  readers: number;
}
export interface VisitData {
  period: PeriodRange;
  List: VisitRow[];
  total: Omit<VisitRow, 'key'> & {
    /** The busiest hour of the day over the period (entries), null when none. */
    peakHour: number | null;
  };
}

/** P/Statistics/Alarms (/alarm-record): security-gate alarms of a period, newest first. */
export const AlarmQuery = PageQuery.extend({
  ...periodFilters,
  gate: z.string().trim().max(50).optional(),
}).superRefine(checkPeriod);
export type AlarmQuery = z.infer<typeof AlarmQuery>;
export interface AlarmDto {
  id: number;
  at: string;
  gate: string;
  device: string;
  tag: string;
  copyId: number | null;
  barcode: string;
  title: string;
  callNo: string;
  /** The copy's circulation state now (available, lost …). */
  circState: string;
}
export interface AlarmData {
  period: PeriodRange;
  /** The school's time zone: times are shown in it. */
  tz: string;
  Total: number;
  List: AlarmDto[];
}
