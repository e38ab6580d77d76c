import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import type { appUser } from '../auth/user.table.ts';
import { department } from '../org/department.table.ts';
import { permissionGroup } from '../org/organization.table.ts';
import { grade, schoolClass } from '../org/school-class.table.ts';
import type { Line } from './import-result.ts';
import { classIndex, type RawRow, toCreateInput, uniqueNames } from './import-rows.ts';

type Tr = (key: string, params?: Record<string, unknown>) => string;
export type UserRow = typeof appUser.$inferSelect;
/** The readers holding the cards a window of rows names, by card RFID. */
export type RfidOwners = Map<string, { id: number; name: string; account: string }>;

/** An existing reader as form input, so an update row changes only the cells it fills. */
function asInput(r: UserRow): Record<string, unknown> {
  return {
    account: r.account,
    name: r.name,
    enName: r.enName,
    identity: r.identity,
    sex: r.sex,
    phone: r.phone,
    email: r.email,
    birthday: r.birthday,
    departmentId: r.departmentId,
    classId: r.classId,
    permissionGroupId: r.permissionGroupId,
    cardRfid: r.cardRfid,
    validUntil: r.validUntil,
    photoUrl: r.photoUrl,
    remark: r.remark,
    state: r.state,
  };
}

/**
 * Judges the rows of one reader import as its cells and the school's names say, before any statement: the class,
 * department and group each name, a barcode or card repeated earlier in the file, a barcode that is already a
 * reader's (an update with `updateExisting`, never of a staff account; else a duplicate), a card held by another
 * reader, then the reader form's contract. Rows are judged in file order: it remembers the barcodes and cards seen.
 */
export class RowChecker {
  private readonly seen = new Set<string>();
  private readonly seenRfid = new Set<string>();

  private constructor(
    private readonly t: Tr,
    private readonly updateExisting: boolean,
    private readonly classOf: Map<string, number>,
    private readonly departmentOf: Map<string, number>,
    private readonly groupOf: Map<string, number>,
  ) {}

  /** The school's classes, departments and groups by the names a sheet gives them, read once per import. */
  static async load(db: Db, scope: Scope, t: Tr, updateExisting: boolean): Promise<RowChecker> {
    const classes = await db
      .select({ id: schoolClass.id, name: schoolClass.name, gradeName: grade.name })
      .from(schoolClass)
      .leftJoin(grade, eq(grade.id, schoolClass.gradeId))
      .where(scope.where(schoolClass));
    const departments = await db
      .select({ id: department.id, name: department.name })
      .from(department)
      .where(scope.where(department));
    const groups = await db
      .select({ id: permissionGroup.id, name: permissionGroup.name })
      .from(permissionGroup)
      .where(scope.where(permissionGroup));
    return new RowChecker(t, updateExisting, classIndex(classes), uniqueNames(departments), uniqueNames(groups));
  }

  /**
   * A row with its reasons so far, the reader it names (`old`), whether it updates that reader, and its form input
   * when it is good. `existing`: the readers of the window's barcodes; `rfidOwner`: the holders of its cards.
   */
  check({ rowNo, raw }: { rowNo: number; raw: RawRow }, existing: Map<string, UserRow>, rfidOwner: RfidOwners) {
    const { t } = this;
    const reasons: string[] = [];
    const lookup = (text: string, map: Map<string, number>, key: string) => {
      if (!text) return null;
      const id = map.get(text) ?? null;
      if (id == null) reasons.push(t(key, { name: text }));
      return id;
    };
    const refs = {
      classId: lookup(raw.className, this.classOf, 'readers.import.unknownClass'),
      departmentId: lookup(raw.departmentName, this.departmentOf, 'readers.import.unknownDepartment'),
      permissionGroupId: lookup(raw.permissionGroupName, this.groupOf, 'readers.import.unknownGroup'),
    };
    const old = raw.account ? existing.get(raw.account) : undefined;
    const updating = !!old && this.updateExisting && old.identity !== 'staff';
    if (raw.account && this.seen.has(raw.account)) reasons.push(t('readers.import.dupInFile'));
    else if (old && !updating) reasons.push(t('readers.import.dupInSchool'));
    if (raw.account) this.seen.add(raw.account);
    if (raw.cardRfid) {
      const owner = rfidOwner.get(raw.cardRfid);
      if (this.seenRfid.has(raw.cardRfid)) reasons.push(t('readers.import.rfidInFile'));
      else if (owner && owner.id !== old?.id)
        reasons.push(`${t('readers.card.rfidTaken')} ${owner.name} (${owner.account})`);
      this.seenRfid.add(raw.cardRfid);
    }
    const parsed = toCreateInput(raw, refs, updating ? asInput(old as UserRow) : undefined);
    if (!parsed.success) for (const i of parsed.error.issues) reasons.push(t(i.message));
    return { rowNo, raw, reasons, old, updating, data: parsed.success && !reasons.length ? parsed.data : null };
  }

  /** The row's line in the result sheet: its reasons, or `outcome` (a message key) when it has none. */
  line(c: Checked, outcome: string): Line {
    return {
      rowNo: c.rowNo,
      account: c.raw.account,
      name: c.raw.name,
      result: c.reasons.length ? c.reasons.join('; ') : this.t(outcome),
    };
  }
}

export type Checked = ReturnType<RowChecker['check']>;
