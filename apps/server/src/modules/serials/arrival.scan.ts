import type { Lang } from '@shuyuan/contracts/common/lang';
import { DEFAULT_GRACE_DAYS, type ScanResult } from '@shuyuan/contracts/serials/arrival';
import type { SerialKind } from '@shuyuan/contracts/serials/pattern';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fail } from '../../platform/errors.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { daysBetween, schoolToday } from '../circulation/rules.service.ts';
import { type IssueJoined, kindName, orderedSubscription, selectIssues, toIssueRow } from './arrival.query.ts';
import { alreadyArrived } from './arrival.service.ts';
import { type ParsedCoverBarcode, parseCoverBarcode } from './cover-barcode.ts';
import { serialIssue, serialTitle } from './serials.table.ts';

type Tr = (key: string, params?: Record<string, unknown>) => string;

/**
 * The issues a cover's add-on names (cover-barcode.ts says what we read it as):
 * - 2 digits: the issue number; for bimonthlies and quarterlies first the month of publication (GB/T 16827
 *   numbers those by month: 01, 03, … 11), then the issue number;
 * - 5 digits: the whole number, else the year's last digit followed by the issue number.
 * The year code of a Chinese cover (the two digits before the check digit) narrows to that year when it names one.
 */
export function matchAddOn(issues: IssueJoined[], parsed: ParsedCoverBarcode): IssueJoined[] {
  const hint = parsed.issueHint;
  if (!hint) return [];
  let found: IssueJoined[];
  if (parsed.addOn?.length === 2) {
    const byMonth =
      issues[0] && ['bimonthly', 'quarterly'].includes(issues[0].frequency)
        ? issues.filter((i) => i.expectedDate && Number(i.expectedDate.slice(5, 7)) === hint.number)
        : [];
    found = byMonth.length ? byMonth : issues.filter((i) => i.issueNo === hint.number);
  } else {
    const byWhole = issues.filter((i) => i.wholeNo === hint.number);
    found = byWhole.length
      ? byWhole
      : issues.filter((i) => i.year % 10 === hint.yearDigit && i.issueNo === hint.issueInYear);
  }
  const yearCode = Number(parsed.variant ?? 0);
  const ofYear = yearCode ? found.filter((i) => i.year === 2000 + yearCode) : [];
  return ofYear.length ? ofYear : found;
}

/**
 * A scanned cover: the title by its ISSN, then the issue to check in — the one the add-on names (nearest to today
 * when several years carry it), else the earliest issue still expected. Wrong barcodes, unknown ISSNs, a title of
 * the other kind and an issue that arrived already are refused with the reason; a title without a matching
 * expected issue (irregular, not predicted) answers `issue: null` so the desk checks it in by hand.
 */
export async function scanCover(
  db: Db,
  scope: Scope,
  kind: SerialKind,
  code: string,
  t: Tr,
  lang: Lang,
): Promise<ScanResult> {
  const parsed = parseCoverBarcode(code);
  if (!parsed.ok) throw fail('SERIAL_BARCODE_INVALID', `serials.barcode.${parsed.reason}`, { code: code.trim() });
  const [title] = await db
    .select({ id: serialTitle.id, title: serialTitle.title, kind: serialTitle.kind, frequency: serialTitle.frequency })
    .from(serialTitle)
    .where(scope.where(serialTitle, eq(serialTitle.issn, parsed.issn)))
    .limit(1);
  if (!title)
    throw fail('SERIAL_TITLE_UNKNOWN', 'serials.arrival.unknownIssn', { issn: parsed.issn, kind: kindName(t, kind) });
  if (title.kind !== kind)
    throw fail('SERIAL_OTHER_KIND', 'serials.arrival.otherKind', { title: title.title, kind: kindName(t, title.kind) });

  const today = await schoolToday(db, scope);
  const year = Number(today.slice(0, 4));
  // Issues of last year, this year and next year: a cover is not older than that at the arrival desk.
  const issues = await selectIssues(
    db,
    scope,
    kind,
    eq(serialIssue.titleId, title.id),
    and(gte(serialIssue.year, year - 1), lte(serialIssue.year, year + 1)),
  ).orderBy(asc(serialIssue.expectedDate), asc(serialIssue.seq));
  if (!issues.length) {
    const sub = await orderedSubscription(db, scope, title.id);
    if (!sub) throw fail('SERIAL_NOT_ORDERED', 'serials.arrival.noSubscription', { title: title.title });
  }

  const base = {
    titleId: title.id,
    title: title.title,
    issn: parsed.issn,
    frequency: title.frequency,
    addOn: parsed.addOn,
  };
  const distance = (i: IssueJoined) => (i.expectedDate ? Math.abs(daysBetween(today, i.expectedDate)) : 1e9);
  const nearest = (list: IssueJoined[]) => [...list].sort((a, b) => distance(a) - distance(b))[0];
  const row = (i: IssueJoined) => toIssueRow(i, today, DEFAULT_GRACE_DAYS);

  if (parsed.issueHint) {
    const matches = matchAddOn(issues, parsed);
    const open = matches.filter((i) => i.state !== 'arrived');
    if (open.length) return { ...base, issue: row(nearest(open)), hintIssueNo: null, year: null };
    if (matches.length) throw alreadyArrived(nearest(matches), lang);
    const hint = parsed.issueHint;
    const yearCode = Number(parsed.variant ?? 0);
    return {
      ...base,
      issue: null,
      hintIssueNo: parsed.addOn?.length === 2 ? hint.number : (hint.issueInYear ?? null),
      year: yearCode ? 2000 + yearCode : year,
    };
  }
  const first = issues.find((i) => i.state !== 'arrived');
  return { ...base, issue: first ? row(first) : null, hintIssueNo: null, year: first ? null : year };
}
