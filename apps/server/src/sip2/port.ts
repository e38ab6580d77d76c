import type { PinMarks } from './pin-marks.ts';
import type { Lang } from '@shuyuan/contracts/common/lang';
import type { Db } from '../db/client.ts';
import type { PatronStatus, SummaryList } from './protocol/values.ts';

/**
 * What the SIP2 server needs from circulation, in SIP terms. The circulation module implements it and calls
 * `registerCirculationPort` when it loads; until then the server answers every circulation message with the
 * protocol's refusal ("service unavailable"). The same rules as the desk apply: the implementation must call
 * the desk's commands (borrowItem, returnItem, renewLoan), never a second rule engine.
 */
export interface SipContext {
  db: Db;
  schoolId: number;
  /** Language for screen messages (the account's, or the one the machine asked for). */
  lang: Lang;
  /** The language the machine asked for (23/63): it wins over the patron's own preference. */
  askedLang?: Lang;
  /** Location code of the machine (93 CP), for borrowing ranges and the loan record. */
  terminal: string | null;
  timeZone: string;
  /** The patron passwords this connection verified lately (pin-marks.ts): absent, every AD is checked. */
  pins?: PinMarks;
}

/** Answers that name a patron share these fields. */
export interface PatronAnswer {
  /** False: no such patron (BL N). */
  valid: boolean;
  /** Whether the AD password matched; undefined when no password was sent (CQ left out). */
  passwordOk?: boolean;
  name?: string;
  status: PatronStatus;
  /** Outstanding fees and fines in fen (BV), currency CNY. */
  feeAmountFen?: number;
  screenMessage?: string;
}

export interface PatronRequest {
  patronId: string;
  patronPassword?: string;
}

export interface PatronInfoRequest extends PatronRequest {
  /** The item list the machine asked for (63 summary), with its 1-based range (BP/BQ). */
  list?: SummaryList;
  start?: number;
  end?: number;
}

export interface PatronInfo extends PatronAnswer {
  counts: { hold: number; overdue: number; charged: number; fine: number; recall: number; unavailable: number };
  limits?: { hold?: number; overdue?: number; charged?: number };
  /** Item identifiers of the list asked for. */
  items?: string[];
  email?: string;
  phone?: string;
  address?: string;
}

export interface CheckoutRequest extends PatronRequest {
  itemId: string;
  /** 11 "no block": the machine lent offline and is now reporting it; the due date it used is nbDueDate. */
  noBlock: boolean;
  nbDueDate?: Date;
  /** SC renewal policy: the machine may renew when the item is already on loan to this patron. */
  renewalAllowed: boolean;
  feeAcknowledged: boolean;
  /** BI Y: undo the checkout just made (the machine failed to desensitize). */
  cancel: boolean;
}

export interface ItemAnswer {
  ok: boolean;
  title?: string;
  dueDate?: Date;
  /** SIP media type, 3 digits ("001" book …). */
  mediaType?: string;
  /** Fee the patron must pay, in fen (BV) and its SIP type (BT, 2 digits). */
  feeAmountFen?: number;
  feeType?: string;
  screenMessage?: string;
  /** null = unknown. */
  magneticMedia?: boolean | null;
}

export interface CheckoutResult extends ItemAnswer {
  renewalOk: boolean;
  desensitize: boolean;
}

export interface CheckinRequest {
  itemId: string;
  noBlock: boolean;
  returnDate?: Date;
  currentLocation?: string;
  cancel: boolean;
}

export interface CheckinResult extends ItemAnswer {
  resensitize: boolean;
  /** Staff attention needed (e.g. a reservation is waiting: goes to the hold shelf). */
  alert: boolean;
  permanentLocation?: string;
  sortBin?: string;
  /** CV alert type when `alert`: 01 hold for this library, 02 hold for another branch, 04 send to a branch, 99 other. */
  alertType?: string;
  /** The patron the item was on loan to. */
  patronId?: string;
}

export interface ItemInfo {
  found: boolean;
  /** SIP circulation status, 2 digits: 03 available, 04 charged, 08 on hold shelf, 12 lost, 13 missing … */
  circulationStatus: string;
  title?: string;
  dueDate?: Date;
  /** CM: the last day the copy waits on the hold shelf for the patron who reserved it. */
  holdPickupDate?: Date;
  holdQueueLength?: number;
  mediaType?: string;
  permanentLocation?: string;
  currentLocation?: string;
  owner?: string;
  screenMessage?: string;
}

export interface RenewRequest extends PatronRequest {
  itemId: string;
  noBlock: boolean;
  nbDueDate?: Date;
  feeAcknowledged: boolean;
}

export interface RenewResult extends CheckoutResult {}

export interface BlockPatronRequest {
  patronId: string;
  /** The machine kept the card. */
  cardRetained: boolean;
  /** AL: why the machine blocked the card. */
  message?: string;
}

export interface RenewAllRequest extends PatronRequest {
  feeAcknowledged: boolean;
}

export interface RenewAllResult {
  /** False: nothing was tried (unknown patron, wrong password). */
  ok: boolean;
  /** Item identifiers renewed (BM) and not renewed (BN). */
  renewed: string[];
  unrenewed: string[];
  screenMessage?: string;
}

export interface CirculationPort {
  patronStatus(ctx: SipContext, req: PatronRequest): Promise<PatronAnswer>;
  patronInfo(ctx: SipContext, req: PatronInfoRequest): Promise<PatronInfo>;
  checkout(ctx: SipContext, req: CheckoutRequest): Promise<CheckoutResult>;
  checkin(ctx: SipContext, req: CheckinRequest): Promise<CheckinResult>;
  itemInfo(ctx: SipContext, req: { itemId: string }): Promise<ItemInfo>;
  renew(ctx: SipContext, req: RenewRequest): Promise<RenewResult>;
  /** 01: block the patron's card; the answer is the patron's status afterwards (24). */
  blockPatron(ctx: SipContext, req: BlockPatronRequest): Promise<PatronAnswer>;
  /** 25: lift a block a machine made; the answer is the patron's status afterwards (26). */
  enablePatron(ctx: SipContext, req: PatronRequest): Promise<PatronAnswer>;
  /** 65: renew every loan of the patron the rules allow. */
  renewAll(ctx: SipContext, req: RenewAllRequest): Promise<RenewAllResult>;
}

let registered: CirculationPort | undefined;

/** Called by the circulation module at load time; the server looks the port up per message. */
export function registerCirculationPort(port: CirculationPort | undefined): void {
  registered = port;
}

export function registeredCirculationPort(): CirculationPort | undefined {
  return registered;
}
