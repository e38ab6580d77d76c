import { z } from 'zod';
import { ResourceListQuery } from '../kit/resource.ts';

/**
 * Spec §4 reservation states: waiting to receive (waiting), received = on the hold shelf (ready), overdue not
 * collected (expired); plus the ends of a reservation's life, collected (lent to the holder) and cancelled.
 */
export const ReservationState = {
  WAITING: 'waiting',
  READY: 'ready',
  COLLECTED: 'collected',
  EXPIRED: 'expired',
  CANCELLED: 'cancelled',
} as const;
export type ReservationState = (typeof ReservationState)[keyof typeof ReservationState];
export const RESERVATION_STATES = Object.values(ReservationState) as ReservationState[];
/** States in which a reservation still holds a place in the queue or a copy on the shelf. */
export const ACTIVE_RESERVATION_STATES: ReservationState[] = ['waiting', 'ready'];

export const ReservationError = {
  RESERVATION_EXISTS: 'RESERVATION_EXISTS',
  /** The reader has as many live reservations as the school allows (circ.maxReservations). */
  RESERVATION_LIMIT: 'RESERVATION_LIMIT',
  ALREADY_ON_LOAN: 'ALREADY_ON_LOAN',
  RECORD_NOT_FOUND: 'RECORD_NOT_FOUND',
  NOT_RESERVABLE: 'NOT_RESERVABLE',
  NO_COPY_AVAILABLE: 'NO_COPY_AVAILABLE',
  RESERVATION_STATE: 'RESERVATION_STATE',
  RESERVED_FOR_OTHER: 'RESERVED_FOR_OTHER',
  RESERVATION_WAITING: 'RESERVATION_WAITING',
} as const;

const id = z.coerce.number().int().positive();
const barcode = z.string().trim().min(1, 'reservations.barcodeRequired').max(64, 'validation.tooLong');

/**
 * P/Circulation/AddReservation: reserve a title (recordId) or one copy (barcode) for the reader with card
 * `readerBarcode` (`anyCopy`: the scanned copy only names its title). With a copy on the shelf the reservation is ready at once (the copy goes to the hold shelf).
 */
export const AddReservationBody = z
  .object({
    readerBarcode: z.string().trim().min(1, 'reservations.readerRequired').max(64, 'validation.tooLong'),
    recordId: id.optional(),
    barcode: barcode.optional(),
    /** With `barcode`: any copy of that copy's title will do (a title-level reservation). */
    anyCopy: z.boolean().optional().default(false),
    note: z.string().trim().max(200, 'validation.tooLong').optional(),
  })
  .refine((b) => b.recordId !== undefined || b.barcode !== undefined, {
    message: 'reservations.titleRequired',
    path: ['recordId'],
  });
export type AddReservationBody = z.infer<typeof AddReservationBody>;

/** Mark ready by hand: put copy `barcode` (or any copy on the shelf) on the hold shelf for the reservation. */
export const ReservationReadyBody = z.object({ id, barcode: barcode.optional() });
export const ReservationCancelBody = z.object({
  id,
  note: z.string().trim().max(200, 'validation.tooLong').optional(),
});

export const ReservationListQuery = ResourceListQuery.extend({
  state: z.enum(RESERVATION_STATES as [ReservationState, ...ReservationState[]]).optional(),
  readerBarcode: z.string().trim().max(64).optional(),
  recordId: id.optional(),
  /** Created on or after / on or before (YYYY-MM-DD). */
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});
export type ReservationListQuery = z.infer<typeof ReservationListQuery>;

export interface ReservationDto {
  id: number;
  state: ReservationState;
  readerId: number;
  readerAccount: string;
  readerName: string;
  recordId: number;
  title: string;
  author: string;
  copyId: number | null;
  barcode: string | null;
  /** 1-based place among the title's waiting reservations (null unless waiting). */
  queuePosition: number | null;
  holdUntil: string | null;
  readyAt: string | null;
  notifiedAt: string | null;
  closedAt: string | null;
  note: string;
  createdAt: string;
}

/** P/Circulation/FindReservableTitles: the catalogue searched by title or ISBN at the reservation desk. */
export const TitleSearchBody = z.object({
  key: z.string().trim().min(1, 'reservations.reserve.keyRequired').max(100, 'validation.tooLong'),
});
export type TitleSearchBody = z.infer<typeof TitleSearchBody>;

export interface ReservableTitleDto {
  recordId: number;
  title: string;
  author: string;
  isbn: string;
  publisher: string;
  /** Copies of the title in the library (lost and weeded ones left out). */
  copies: number;
  /** Of those, on the shelf now (a reservation would be ready at once). */
  available: number;
  /** Reservations waiting for the title. */
  waiting: number;
}
