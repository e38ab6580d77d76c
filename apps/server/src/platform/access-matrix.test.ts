import { P } from '@shuyuan/contracts/common/paths';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { useTestApp } from '../test/helper.ts';
import { location } from '../modules/basic/location.table.ts';
import { issueAccessToken } from '../modules/auth/tokens.ts';
import { appUser } from '../modules/auth/user.table.ts';
import { studentParent } from '../modules/circ-records/circ-records.table.ts';
import { classCorner } from '../modules/class-corner/class-corner.table.ts';
import { grade, schoolClass } from '../modules/org/school-class.table.ts';
import { type Access, routeRegistry } from './route.ts';
import { Scope } from './tenancy.ts';

/**
 * Who may call what, for the whole API. Every registered route is called as each reader identity — a student,
 * a teacher, a parent and a class librarian, none holding a role, as the readers module makes them — with the
 * smallest body its contract accepts. A route answers a reader only if the table below lets that identity in;
 * every other route must refuse (401/403). 'public' and 'publicSchool' routes are open to everyone by what they
 * declare and need no entry. A token not issued for the API (no `library_api` scope) is refused everywhere else.
 *
 * A new 'school' or 'signedIn' route that answers a reader fails here until it is thought about: give it a
 * permission code (docs/developing.md "Permission codes"), or list it in ALLOWED with the reason.
 */

type Who = 'student' | 'teacher' | 'parent' | 'librarian';
const READERS: readonly Who[] = ['student', 'teacher', 'parent', 'librarian'];

interface Fixture {
  cornerId: number;
  /** A whole label layout (a seeded default, unsaved): its checks tie sizes together. */
  template: Record<string, unknown>;
}

interface Rule {
  /** Identities that reach this route (their own data, or nothing personal). */
  allow: readonly Who[];
  /** Why they may — reviewed like code. */
  why: string;
}

/** Routes a reader may call, keyed like `P/Area/Action` (P = the spec's prefix) or the full path. */
const ALLOWED: Record<string, Rule> = {
  // Their own session, account and preferences.
  'P/WebPlat/EndSession': { allow: READERS, why: 'signs the caller out' },
  'P/WebPlat/Authorization': { allow: READERS, why: "the caller's own schools and permissions" },
  'P/WebPlat/Language': { allow: READERS, why: "the caller's own language" },
  'P/sys/SchoolLoginToken': { allow: READERS, why: 'switches the caller into one of their own schools' },
  'P/Readers/GetReadersInfo': { allow: READERS, why: "the caller's own reader record" },
  '/micro/basic/v2/open/user/get': { allow: READERS, why: "the caller's own account" },
  '/micro/basic/open/user/updatePassword': { allow: READERS, why: "the caller's own password" },
  'P/Menu/GetUserMenus': { allow: READERS, why: 'the menus the caller holds (none for a reader)' },
  'P/Desktop/GetHomeShortcuts': { allow: READERS, why: "the caller's own shortcuts" },
  'P/Desktop/AddHomeShortcuts': { allow: READERS, why: "the caller's own shortcuts, limited to their menus" },
  'P/Desktop/UpdateHomeShortcutsSort': { allow: READERS, why: "the caller's own shortcuts" },
  'P/Config/GetProgress': { allow: READERS, why: "the caller's own background tasks" },
  'P/Config/GetProgressList': { allow: READERS, why: "the caller's own background tasks" },
  'P/Config/StopProgress': { allow: READERS, why: "the caller's own background tasks" },
  'P/Config/DownloadJobFile': { allow: READERS, why: "the result file of the caller's own task" },
  // Uploads: files land in the school's folder, readable by who may read them (upload module).
  'P/upload/post': { allow: READERS, why: 'uploads a file of their own (reader photo, feedback)' },
  '/micro/3rd/api/upload/uploadImage': { allow: READERS, why: 'uploads an image of their own' },
  '/micro/3rd/api/upload/MergeFile': { allow: READERS, why: 'chunked upload of their own file' },
  // The school itself: its name, structure, settings and catalogue aids — nothing about a person.
  '/micro/console/v2/open/school/auth': { allow: READERS, why: "the school's licensed modules" },
  '/micro/basic/open/space/info': { allow: READERS, why: "the school's name, logo and colours" },
  '/micro/basic/open/department/getDepartmentTree': { allow: READERS, why: 'department names' },
  '/micro/basic/open/department/getOrgDepartmentTree': { allow: READERS, why: 'department names' },
  '/micro/basic/open/department/getDepartmentAll': { allow: READERS, why: 'department names' },
  '/micro/basic/open/department/getOrgDepartmentAll': { allow: READERS, why: 'department names' },
  '/micro/basic/open/grade/getGradeTree': { allow: READERS, why: 'grade and class names' },
  '/micro/basic/open/grade/getGradeAll': { allow: READERS, why: 'grade names' },
  '/micro/basic/open/learningStage/getLearningStageAll': { allow: READERS, why: 'learning stage names' },
  'P/Config/GetConfigData': { allow: READERS, why: "the school's settings the web app runs by (no secrets)" },
  'P/UpdateLog/GetChangelog': { allow: READERS, why: 'release notes' },
  'P/UpdateLog/GetPublishedNotes': { allow: READERS, why: 'release notes' },
  'P/Classification/GetClassTree': { allow: READERS, why: 'the classification scheme' },
  'P/Classification/FindClasses': { allow: READERS, why: 'the classification scheme' },
  'P/Literature/GetDeweyClassification': { allow: READERS, why: 'the classification scheme' },
  'P/Config/GetCustomClassify': { allow: READERS, why: "the school's own classes of the scheme" },
  'P/Literature/GetItemCollectionSearchType': { allow: READERS, why: 'names of search fields' },
  'P/Literature/GetEditingConfig': { allow: READERS, why: 'cataloguing defaults (no personal data)' },
  'P/Config/GetAFI': { allow: READERS, why: 'the AFI value written to RFID tags' },
  'P/Printing/GetBarcodeRules': { allow: READERS, why: 'barcode prefixes and lengths' },
  'P/Printing/CheckBarcode': { allow: READERS, why: 'checks a barcode against the rule' },
  'P/Printing/NextBarcodes': { allow: READERS, why: 'the next free copy barcodes' },
  'P/Printing/GetTemplateList': { allow: READERS, why: 'label layouts' },
  'P/Printing/GetTemplate': { allow: READERS, why: 'a label layout' },
  'P/Printing/BarcodeImage': { allow: READERS, why: 'draws the barcode it is given' },
  // Their own library use.
  'P/Circulation/AddRecommendation': { allow: READERS, why: 'a purchase suggestion in their own name' },
  'P/Circulation/GetKinBorrowRecords': { allow: ['parent'], why: "a parent's own children's loans" },
  'P/Circulation/GetKinBorrowing': { allow: ['parent'], why: "a parent's own children's open loans" },
  // The personal area (opac personal.routes.ts): every handler acts on the caller, a parent on linked children.
  'P/Opac/MyLoans': { allow: READERS, why: "the caller's own loans" },
  'P/Opac/Renew': { allow: READERS, why: "renews one of the caller's own loans" },
  'P/Opac/RenewAll': { allow: READERS, why: "renews the caller's own loans" },
  'P/Opac/MyHistory': { allow: READERS, why: "the caller's own loan history" },
  'P/Opac/ExportMyHistory': { allow: READERS, why: "the caller's own loan history as xlsx" },
  'P/Opac/MyPoints': { allow: READERS, why: "the caller's own points; classmates' names masked" },
  'P/Opac/MyPointEntries': { allow: READERS, why: "the caller's own points ledger" },
  'P/Opac/ClockIn': { allow: READERS, why: 'the caller records their own reading' },
  'P/Opac/MyClockIns': { allow: READERS, why: "the caller's own clock-ins and streak" },
  'P/Opac/MyReadingRecord': { allow: READERS, why: "the caller's own reading record (loans, returns on time)" },
  'P/Opac/MyReservations': { allow: READERS, why: "the caller's own reservations" },
  'P/Opac/Reserve': { allow: READERS, why: 'reserves a publicly shown title for the caller' },
  'P/Opac/CancelReservation': { allow: READERS, why: "cancels one of the caller's own reservations" },
  'P/Opac/MySuggestions': { allow: READERS, why: "the caller's own purchase suggestions" },
  'P/Opac/MyChildren': { allow: READERS, why: 'the children linked to the caller (none unless a parent)' },
  'P/Opac/UpdateMyProfile': { allow: READERS, why: "the caller's own e-mail" },
  // Theme reading (modules/themes run.routes.ts): the caller's own themes, joining, submissions and certificate.
  'P/Opac/MyThemes': { allow: READERS, why: 'the themes the caller may join or joined, with their own progress' },
  'P/Opac/JoinTheme': { allow: READERS, why: 'joins a published theme open to the caller' },
  'P/Opac/SubmitTheme': { allow: READERS, why: "the caller's own picture or text for a theme task" },
  'P/Opac/MyThemeCertificate': { allow: READERS, why: "the caller's own certificate of a completed theme" },
  '/micro/bank/api/platform/PersonalBill/GetUserInfoAndBalance': { allow: READERS, why: "the caller's own bill" },
  '/micro/basic/open/readingRecord/line': { allow: READERS, why: "the caller's (or a linked child's) reading" },
  // Reading promotion (modules/reviews): what the caller writes, moderated before anyone else sees it.
  'P/Opac/SaveMyReview': { allow: READERS, why: "writes the caller's own review (moderated)" },
  'P/Opac/MyReviews': { allow: READERS, why: "the caller's own reviews and their states" },
  'P/Opac/MyReviewOf': { allow: READERS, why: "the caller's own review of a record" },
  // Volunteers and small librarians (modules/volunteers): a reader applies and sees their own service.
  'P/Volunteer/Apply': { allow: READERS, why: 'the caller applies to serve as a volunteer or small librarian' },
  'P/Volunteer/MyVolunteer': { allow: READERS, why: "the caller's own application, duties and hours" },
  'P/Opac/SaveMyShare': { allow: READERS, why: "writes the caller's own reading share (moderated)" },
  'P/Opac/MyShares': { allow: READERS, why: "the caller's own reading shares and their states" },
  'P/Opac/DeleteMyShare': { allow: READERS, why: "deletes one of the caller's own shares" },
  'P/Opac/MyRecommended': { allow: READERS, why: "teachers' recommendations pushed to the caller's class" },
  'P/Opac/MyBookLists': { allow: READERS, why: 'published book lists for the caller’s grade (or every grade)' },
  // A class librarian runs their own corner (corner.access.ts); the fixture's corner is theirs.
  'P/ClassCorner/GetMyCorners': { allow: READERS, why: 'the corners the caller runs (none unless librarian)' },
  'P/ClassCorner/GetCornerBooks': { allow: ['librarian'], why: "the librarian's own corner" },
  'P/ClassCorner/GetCornerStudents': { allow: ['librarian'], why: "the librarian's own corner" },
  'P/ClassCorner/Lend': { allow: ['librarian'], why: "the librarian's own corner" },
  'P/ClassCorner/Return': { allow: ['librarian'], why: "the librarian's own corner" },
  'P/ClassCorner/GetCornerLoans': { allow: ['librarian'], why: "the librarian's own corner" },
  'P/ClassCorner/GetCornerUse': { allow: ['librarian'], why: "statistics of the librarian's own corner" },
  'P/ClassCorner/GetBookRank': { allow: ['librarian'], why: "statistics of the librarian's own corner" },
  'P/ClassCorner/GetClassRank': { allow: ['librarian'], why: "statistics of the librarian's own corner" },
  'P/ClassCorner/GetStudentRank': { allow: ['librarian'], why: "statistics of the librarian's own corner" },
};

/**
 * Bodies for routes whose handler decides from the body (the corner's librarian) or whose contract the generic
 * minimal body cannot meet (a pattern). Merged over the generated body.
 */
const PROBES: Record<string, (f: Fixture) => Record<string, unknown>> = {
  'P/ClassCorner/GetCornerBooks': (f) => ({ cornerId: f.cornerId }),
  'P/ClassCorner/GetCornerStudents': (f) => ({ cornerId: f.cornerId }),
  'P/ClassCorner/Lend': (f) => ({ cornerId: f.cornerId }),
  'P/ClassCorner/Return': (f) => ({ cornerId: f.cornerId }),
  'P/ClassCorner/GetCornerLoans': (f) => ({ cornerId: f.cornerId }),
  'P/ClassCorner/GetCornerUse': (f) => ({ cornerId: f.cornerId }),
  'P/ClassCorner/GetBookRank': (f) => ({ cornerId: f.cornerId }),
  'P/ClassCorner/GetClassRank': (f) => ({ cornerId: f.cornerId }),
  'P/ClassCorner/GetStudentRank': (f) => ({ cornerId: f.cornerId }),
  'P/Printing/SaveTemplate': (f) => f.template,
  'P/Printing/PreviewTemplate': (f) => ({ template: f.template }),
};

const OPEN: ReadonlySet<Access> = new Set(['public', 'publicSchool']);

const keyOf = (url: string) => (url.startsWith(`${P}/`) ? `P${url.slice(P.length)}` : url);

type Path = (string | number)[];

function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (!path.length) return value;
  const [head, ...rest] = path;
  const node: any = root && typeof root === 'object' ? root : typeof head === 'number' ? [] : {};
  node[head] = setAt(node[head], rest, value);
  return node;
}

/** A value that meets one failed check, or undefined when none can be guessed (a pattern, a refinement). */
function guess(issue: any): { path: Path; value: unknown } | undefined {
  const path = issue.path as Path;
  switch (issue.code) {
    case 'invalid_type': {
      const by: Record<string, unknown> = {
        number: 1,
        int: 1,
        string: '1',
        boolean: false,
        array: [],
        object: {},
        record: {},
      };
      return issue.expected in by ? { path, value: structuredClone(by[issue.expected]) } : undefined;
    }
    case 'too_small':
      if (issue.origin === 'string') return { path, value: '1'.repeat(Number(issue.minimum)) };
      if (issue.origin === 'number') return { path, value: Number(issue.minimum) + (issue.inclusive ? 0 : 1) };
      return undefined;
    case 'invalid_value':
      return { path, value: issue.values[0] };
    case 'invalid_format': {
      const by: Record<string, string> = {
        email: 'reader@example.com',
        date: '2026-01-01',
        datetime: '2026-01-01T00:00:00Z',
      };
      return issue.format in by ? { path, value: by[issue.format] } : undefined;
    }
    case 'invalid_union': {
      if (issue.options?.length) return { path, value: issue.options[0] };
      const first = issue.errors?.[0]?.[0];
      const inner = first && guess(first);
      return inner && { path: [...path, ...inner.path], value: inner.value };
    }
    default:
      return undefined;
  }
}

/** An array that must hold items grows one item at a time; its item's own checks fill it in. */
function grow(body: unknown, issue: any): unknown {
  if (issue.code !== 'too_small' || issue.origin !== 'array') return undefined;
  let node: any = body;
  for (const k of issue.path) node = node?.[k];
  const items = Array.isArray(node) ? node : [];
  return setAt(body, issue.path, [...items, ...Array(Number(issue.minimum) - items.length).fill(undefined)]);
}

/** The smallest body the contract accepts, found from its own complaints (best effort). */
function minimalBody(schema: z.ZodType | undefined, over: Record<string, unknown>): unknown {
  let body: unknown = { ...over };
  if (!schema) return body;
  for (let round = 0; round < 40; round++) {
    const r = schema.safeParse(body);
    if (r.success) break;
    let changed = false;
    for (const issue of r.error.issues) {
      const grown = grow(body, issue);
      if (grown !== undefined) {
        body = grown;
        changed = true;
        continue;
      }
      const g = guess(issue);
      if (!g) continue;
      body = setAt(body, g.path, g.value);
      changed = true;
    }
    if (!changed) break;
  }
  return body;
}

const t = useTestApp();
const people = {} as Record<Who, number>;
const fixture = {} as Fixture;

beforeAll(async () => {
  const scope = new Scope(t.schoolId);
  const [g] = await t.db
    .insert(grade)
    .values(scope.values({ name: 'Matrix grade' }))
    .returning();
  const [c] = await t.db
    .insert(schoolClass)
    .values(scope.values({ gradeId: g.id, name: 'Matrix 1' }))
    .returning();
  const reader = async (identity: string, account: string) => {
    const [u] = await t.db
      .insert(appUser)
      .values(scope.values({ account, name: account, identity, classId: identity === 'student' ? c.id : null }))
      .returning();
    return u.id;
  };
  people.student = await reader('student', 'matrix-student');
  people.teacher = await reader('teacher', 'matrix-teacher');
  people.parent = await reader('parent', 'matrix-parent');
  // A class librarian is a reader (here a student of the class) named as the librarian of the class's corner.
  people.librarian = await reader('student', 'matrix-librarian');
  await t.db.insert(studentParent).values(scope.values({ studentId: people.student, parentId: people.parent }));
  const [loc] = await t.db
    .insert(location)
    .values(scope.values({ branchId: 1, name: 'Matrix corner shelf', code: 'MATRIX' }))
    .returning();
  const [corner] = await t.db
    .insert(classCorner)
    .values(scope.values({ classId: c.id, locationId: loc.id, librarianId: people.librarian, name: 'Matrix corner' }))
    .returning();
  fixture.cornerId = corner.id;
  const templates = await t.post(`${P}/Printing/GetTemplateList`, { kind: 'spine' });
  const { id: _id, isDefault: _default, ...layout } = templates.json.data[0];
  fixture.template = layout;
}, 60_000);

/** Calls a route as a user with a fresh token (a call may sign the caller out) and says how it answered. */
async function call(r: (typeof routeRegistry)[number], userId: number, scopes?: string[]) {
  const token = await issueAccessToken(t.db, { userId, scopes });
  const probe = PROBES[keyOf(r.url)]?.(fixture) ?? {};
  const body = minimalBody(r.schema, probe) as Record<string, unknown>;
  const url = r.url.replace(':school', String(t.schoolId)).replace('*', 'x.png');
  const res = r.method === 'GET' ? await t.get(url, body, { token }) : await t.post(url, body, { token });
  const refused = res.status === 401 || res.status === 403;
  const said = typeof res.json === 'object' && res.json ? `${res.json.errorCode ?? res.json.code}` : '';
  return { refused, status: res.status, said, body };
}

const guarded = () => routeRegistry.filter((r) => !OPEN.has(r.access));

describe('every route answers each reader only what is theirs', () => {
  it('knows every listed route (a renamed or removed route leaves no stale entry)', () => {
    const known = new Set(routeRegistry.map((r) => keyOf(r.url)));
    const stale = [...Object.keys(ALLOWED), ...Object.keys(PROBES)].filter((k) => !known.has(k));
    expect(stale, 'entries in access-matrix.test.ts for routes that no longer exist: remove them').toEqual([]);
    const open = routeRegistry.filter((r) => OPEN.has(r.access) && ALLOWED[keyOf(r.url)]).map((r) => keyOf(r.url));
    expect(open, 'public routes are open by their declared access; remove them from ALLOWED').toEqual([]);
  });

  for (const who of READERS) {
    it(`as a ${who}`, async () => {
      const problems: string[] = [];
      for (const r of guarded()) {
        const key = keyOf(r.url);
        const allowed = ALLOWED[key]?.allow.includes(who) ?? false;
        const got = await call(r, people[who]);
        if (allowed && (got.refused || got.status >= 500)) {
          problems.push(
            `${r.method} ${key} (access '${r.access}') is listed for ${who} in ALLOWED but answered HTTP ${got.status} ` +
              `${got.said} to ${JSON.stringify(got.body)}: drop '${who}' from its entry, or fix the route.`,
          );
        } else if (!allowed && !got.refused) {
          problems.push(
            `${r.method} ${key} (access '${r.access}') answered a ${who} HTTP ${got.status} ${got.said} to ` +
              `${JSON.stringify(got.body)}, but a ${who} may not call it. Declare the permission code its data ` +
              `needs (docs/developing.md "Permission codes"); or, if a ${who} may see what it answers, add ` +
              `'${key}': { allow: [..., '${who}'], why: '…' } to ALLOWED in apps/server/src/platform/access-matrix.test.ts ` +
              '(and a PROBES body if its handler decides from the body).',
          );
        }
      }
      expect(problems, problems.join('\n')).toEqual([]);
    }, 300_000);
  }

  it('refuses a token without the library_api scope on every route that is not public', async () => {
    const problems: string[] = [];
    for (const r of guarded()) {
      const got = await call(r, t.adminId, ['openid', 'profile']);
      if (!got.refused) {
        problems.push(
          `${r.method} ${keyOf(r.url)} answered HTTP ${got.status} ${got.said} to a token without library_api`,
        );
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  }, 300_000);
});
