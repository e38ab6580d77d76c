import { StoreType } from '@shuyuan/contracts/catalogue/copy-state';
import { CopyAdd, RecordCreate } from '@shuyuan/contracts/catalogue/record';
import { ReaderCreate } from '@shuyuan/contracts/readers/reader';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { t as translate } from '../../platform/i18n/messages.ts';
import { hashPassword } from '../../platform/password.ts';
import { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { location } from '../basic/location.table.ts';
import { addCopies, createRecord } from '../catalogue/catalogue.service.ts';
import { ensureDefaultBarcodeRule } from '../printing/barcode-rules.service.ts';
import { copyCircInfo, recordRules } from '../catalogue/record-rules.service.ts';
import { borrowItem } from '../circulation/borrow.service.ts';
import { returnItem } from '../circulation/circulation.service.ts';
import { loan } from '../circulation/circulation.table.ts';
import { addDays, dueDateAfter, getEffectiveRule, schoolToday } from '../circulation/rules.service.ts';
import type { SeedContext } from '../index.ts';
import { setCardLost } from '../losses/lost-cards.service.ts';
import { department } from '../org/department.table.ts';
import { grade, schoolClass } from '../org/school-class.table.ts';
import { defaultGroupId, readerValues } from '../readers/reader.values.ts';
import { addRecommendation } from '../reservations/recommendation.service.ts';
import { placeReservation } from '../reservations/reservations.service.ts';
import { school } from '../school/school.table.ts';
import {
  DEMO_BOOKS,
  DEMO_STUDENTS,
  DEMO_TEACHERS,
  demoIsbn,
  type PublisherKey,
  PUBLISHERS,
} from './demo-library.data.ts';

/** Password of every demo reader (one hash shared by all: hashing 40 passwords would slow the first start). */
export const DEMO_READER_PASSWORD = 'Reader#2026';

/** Titles the librarian's home screen recommends. */
const RECOMMENDED = new Set(['草房子', '小王子', '夏洛的网', '昆虫记', '窗边的小豆豆']);

/** End of the school year (31 July) `offset` years after the one containing `today` (YYYY-MM-DD). */
function schoolYearEnd(today: string, offset: number): string {
  const [y, m] = today.split('-').map(Number);
  return `${(m >= 8 ? y + 1 : y) + offset}-07-31`;
}

/**
 * Loans of the demo: [reader account, title, days ago borrowed, days ago returned (null = still on loan)].
 * Students keep books 30 days, teachers 60 (the default loan rules): a student's loan borrowed 40+ days ago
 * is overdue, one borrowed 25–28 days ago is due within the week.
 */
const LOANS: [string, string, number, number | null][] = [
  // history: returned loans (rankings, reading history)
  ['S2026001', '西游记', 70, 52],
  ['S2026002', '城南旧事', 66, 45],
  ['S2026004', '草房子', 63, 40],
  ['S2026006', '小王子', 61, 38],
  ['S2026007', '西游记', 50, 29],
  ['S2026011', '窗边的小豆豆', 48, 30],
  ['S2026012', '夏洛的网', 45, 33],
  ['S2026015', '昆虫记', 44, 20],
  ['S2026016', '草房子', 38, 12],
  ['S2026019', '哈利·波特与魔法石', 35, 9],
  ['S2026022', '没头脑和不高兴', 30, 10],
  ['S2026027', 'The Very Hungry Caterpillar', 28, 14],
  ['T2026001', '红楼梦', 58, 15],
  // overdue (students, borrowed more than 30 days ago)
  ['S2026003', '西游记', 45, null],
  ['S2026010', '草房子', 41, null],
  ['S2026021', '海底两万里', 52, null],
  // due within the week
  ['S2026005', '小王子', 27, null],
  ['S2026013', '昆虫记', 26, null],
  ['S2026024', '笑猫日记：保姆狗的阴谋', 25, null],
  // recent
  ['S2026009', '窗边的小豆豆', 9, null],
  ['S2026014', '十万个为什么：动物', 6, null],
  ['S2026018', '夏洛的网', 4, null],
  ['S2026025', '淘气包马小跳：贪玩老爸', 2, null],
  ['S2026030', '哈利·波特与魔法石', 1, null],
  ['S2026033', "Charlotte's Web", 0, null],
  ['T2026002', '十万个为什么：天文', 20, null],
  ['T2026003', "Harry Potter and the Philosopher's Stone", 12, null],
];

/**
 * The reservation on the hold shelf: the title's only copy is on loan to a teacher, a student reserves it
 * (waiting), the teacher brings it back today and the return puts it on the hold shelf for the student.
 */
const HOLD = { title: '时间简史', lender: 'T2026004', borrowedDaysAgo: 21, reader: 'S2026017' };

/** A student whose card is reported lost (the desk refuses the card). */
const LOST_CARD = 'S2026008';

/**
 * A small realistic library for the demo school, created on the first start only (config `demoData`, env
 * DEMO_DATA=off to skip): 62 titles with copies, 41 readers, loans (returned, on loan, overdue), a
 * reservation on the hold shelf and a reader's purchase suggestion. Everything goes through the product's
 * services (records with their search documents and book numbers, copies with generated barcodes and call
 * numbers, the desk's borrow and return), so the demo behaves exactly like data entered by hand.
 */
export async function seedDemoLibrary(db: Db, ctx: SeedContext): Promise<void> {
  if (!ctx.firstRun || !ctx.config.demoData) return;
  const [demo] = await db.select({ id: school.id }).from(school).where(eq(school.isDemo, true)).limit(1);
  if (!demo) return;
  // One transaction: the demo library is all there or not at all (the services' own transactions nest as
  // savepoints), and one commit instead of a few hundred keeps the first start quick.
  await db.transaction((tx) => buildDemoLibrary(tx, demo.id));
  ctx.notices.push(
    `Demo library: ${DEMO_BOOKS.length} titles, ${DEMO_STUDENTS.length + DEMO_TEACHERS.length} readers ` +
      `(S2026001…, T2026001…, password ${DEMO_READER_PASSWORD}, to be changed at each reader's first sign-in); ` +
      'start with DEMO_DATA=off for an empty school.',
  );
}

/** Creates the demo library in `schoolId` (which must have the demo branch, locations, classes). */
export async function buildDemoLibrary(db: Db, schoolId: number): Promise<void> {
  const scope = new Scope(schoolId);
  // The product's default copy barcode rule (00000001…), as a school created on the company screen gets it.
  await ensureDefaultBarcodeRule(db, scope);
  const tr = (key: string, params?: Record<string, unknown>) => translate('zh', key, params, schoolId);
  const [admin] = await db
    .select({ id: appUser.id })
    .from(appUser)
    .where(scope.where(appUser, eq(appUser.identity, 'staff')))
    .orderBy(asc(appUser.id))
    .limit(1);
  const operatorId = admin?.id ?? null;
  const locs = await db
    .select({ id: location.id, code: location.code })
    .from(location)
    .where(scope.where(location, inArray(location.code, ['LT', 'HB'])));
  const locationOf = new Map(locs.map((l) => [l.code, l.id]));
  if (!locationOf.has('LT')) return;

  // Catalogue: each record through the cataloguing form's rules (book number reserved), then its copies.
  const barcodesOf = new Map<string, string[]>();
  const perPublisher = new Map<PublisherKey, number>();
  const prepare = recordRules(scope, tr, operatorId ?? undefined);
  for (const b of DEMO_BOOKS) {
    const n = (perPublisher.get(b.pub) ?? 0) + 1;
    perPublisher.set(b.pub, n);
    const pub = PUBLISHERS[b.pub];
    const rec = await createRecord(
      db,
      scope,
      RecordCreate.parse({
        title: b.title,
        author: b.author,
        responsibility: b.responsibility ?? b.author,
        publisher: pub.name,
        pubPlace: pub.place,
        pubYear: b.year,
        isbn: demoIsbn(b.pub, n),
        classNo: b.classNo,
        price: b.price,
        language: b.lang ?? 'chi',
        pages: b.pages,
        series: b.series ?? '',
        subjects: b.subjects ?? [],
        summary: b.summary ?? '',
        recommended: RECOMMENDED.has(b.title),
        bookNoAuto: true,
      }),
      prepare,
    );
    const copies = await addCopies(
      db,
      scope,
      CopyAdd.parse({
        recordId: rec.id,
        count: b.copies,
        locationId: locationOf.get(b.loc ?? 'LT') ?? locationOf.get('LT'),
        storeType: StoreType.CIRCULATION,
        unitPrice: b.price,
      }),
      tr,
    );
    barcodesOf.set(
      b.title,
      copies.List.map((c) => c.barcode),
    );
  }

  // Readers: students two per class, teachers in their departments; valid until the end of next school year.
  const today = await schoolToday(db, scope);
  const validUntil = schoolYearEnd(today, 1);
  const passwordHash = await hashPassword(DEMO_READER_PASSWORD);
  const classes = await db
    .select({ id: schoolClass.id })
    .from(schoolClass)
    .innerJoin(grade, eq(grade.id, schoolClass.gradeId))
    .where(scope.where(schoolClass))
    .orderBy(asc(grade.sort), asc(schoolClass.sort), asc(schoolClass.id));
  const depts = await db
    .select({ id: department.id, name: department.name })
    .from(department)
    .where(scope.where(department));
  const deptOf = new Map(depts.map((d) => [d.name, d.id]));
  const studentGroup = await defaultGroupId(db, scope, 'student');
  const teacherGroup = await defaultGroupId(db, scope, 'teacher');
  const rows: (typeof appUser.$inferInsert)[] = [];
  const reader = async (input: Record<string, unknown>) => {
    const v = await readerValues(ReaderCreate.parse(input), true);
    // The shared demo password is known to everyone: each reader must change it at the first sign-in.
    rows.push(scope.values({ ...v, account: v.account!, name: v.name!, passwordHash, mustChangePassword: true }));
  };
  for (const [i, [name, sex]] of DEMO_STUDENTS.entries()) {
    await reader({
      account: `S2026${String(i + 1).padStart(3, '0')}`,
      name,
      sex,
      identity: 'student',
      classId: classes.length ? classes[Math.floor(i / 2) % classes.length].id : undefined,
      permissionGroupId: studentGroup ?? undefined,
      validUntil,
    });
  }
  for (const [i, [name, sex, dept]] of DEMO_TEACHERS.entries()) {
    const expired = i === DEMO_TEACHERS.length - 1;
    await reader({
      account: `T2026${String(i + 1).padStart(3, '0')}`,
      name,
      sex,
      identity: 'teacher',
      departmentId: deptOf.get(dept),
      permissionGroupId: teacherGroup ?? undefined,
      validUntil: expired ? schoolYearEnd(today, -1) : validUntil,
      remark: expired ? '代课教师，聘期已满' : undefined,
    });
  }
  const readers = await db.insert(appUser).values(rows).returning({ id: appUser.id, account: appUser.account });
  const readerId = new Map(readers.map((r) => [r.account, r.id]));
  await setCardLost(db, scope, readerId.get(LOST_CARD)!, true);

  // Loans through the desk's borrow command (today), then moved into the past: see backdate(). They are made
  // in story order (oldest first), each on a copy that is back on the shelf by then in the story; a returned
  // loan is given back at once, so its copy can serve a later loan.
  const lastReturn = new Map<string, (number | null)[]>(); // per title, per copy: days ago returned, null = on loan
  const pickCopy = (title: string, ago: number) => {
    const list = barcodesOf.get(title) ?? [];
    const state = lastReturn.get(title) ?? [];
    lastReturn.set(title, state);
    const k = list.findIndex((_, i) => i >= state.length || (state[i] !== null && state[i]! > ago));
    if (k < 0) throw new Error(`demo library: no copy of ${title} free ${ago} days ago`);
    return { barcode: list[k], k, state };
  };
  const lend = async (account: string, barcode: string) =>
    borrowItem(db, scope, { readerId: readerId.get(account), barcode, operatorId, via: 'desk' });
  for (const [account, title, ago, returnedAgo] of [...LOANS].sort((a, b) => b[2] - a[2])) {
    const { barcode, k, state } = pickCopy(title, ago);
    const l = await lend(account, barcode);
    await backdate(db, scope, l.loanId, today, ago);
    state[k] = returnedAgo;
    if (returnedAgo !== null) await returnItem(db, scope, { barcode, operatorId, returnedAt: daysAgo(returnedAgo) });
  }

  // The hold shelf: on loan to a teacher, reserved by a student, returned today → ready for the student.
  const heldBarcode = pickCopy(HOLD.title, HOLD.borrowedDaysAgo).barcode;
  const held = await lend(HOLD.lender, heldBarcode);
  await backdate(db, scope, held.loanId, today, HOLD.borrowedDaysAgo);
  await placeReservation(db, scope, { readerBarcode: HOLD.reader, barcode: heldBarcode, anyCopy: true, operatorId });
  await returnItem(db, scope, { barcode: heldBarcode, operatorId });

  await addRecommendation(
    db,
    scope,
    {
      readerBarcode: 'S2026020',
      title: '神奇校车',
      author: '乔安娜·柯尔',
      isbn: '',
      publisher: '贵州人民出版社',
      reason: '班里同学都想看，希望图书馆能买一套。',
    },
    { readerId: null },
  );
}

const DAY_MS = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY_MS);

/**
 * The one step that is not a product command: the desk only lends today, so a demo loan lent by borrowItem
 * is moved `ago` days into the past — borrowed_at then, and the due date the desk would have given that
 * day (the same effective rule's loan days, counted in open days by dueDateAfter).
 */
async function backdate(db: Db, scope: Scope, loanId: number, today: string, ago: number): Promise<void> {
  if (ago === 0) return;
  const [l] = await db
    .select({ copyId: loan.copyId, userId: loan.userId })
    .from(loan)
    .where(scope.where(loan, eq(loan.id, loanId)));
  const info = await copyCircInfo(db, l.copyId, scope);
  const [r] = await db
    .select({ identity: appUser.identity, groupId: appUser.permissionGroupId })
    .from(appUser)
    .where(scope.where(appUser, eq(appUser.id, l.userId)));
  const rule = await getEffectiveRule(db, scope, {
    identity: r.identity,
    groupId: r.groupId,
    resourceTypeId: info?.resourceTypeId ?? null,
    locationId: info?.locationId ?? null,
  });
  const dueDate = await dueDateAfter(db, scope, addDays(today, -ago), rule.loanDays);
  await db
    .update(loan)
    .set({ borrowedAt: daysAgo(ago), dueDate })
    .where(and(scope.where(loan, eq(loan.id, loanId))));
}
