import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { Scope } from '../../platform/tenancy.ts';
import { branch, resourceType } from '../basic/branch.table.ts';
import { location } from '../basic/location.table.ts';
import { catalogueRecord } from '../catalogue/catalogue.table.ts';
import { addDays, schoolToday } from '../circulation/rules.service.ts';
import { issnCheckChar } from './cover-barcode.ts';
import { serialIssue, serialSubscription, serialSubscriptionPlace, serialTitle } from './serials.table.ts';

/** A fresh valid ISSN (random digits, its own check character). */
export function randomIssn(): string {
  const d7 = String(Number.parseInt(randomBytes(4).toString('hex'), 16) % 10_000_000).padStart(7, '0');
  return `${d7.slice(0, 4)}-${d7.slice(4)}${issnCheckChar(d7)}`;
}

export interface SerialFixture {
  titleId: number;
  recordId: number;
  subscriptionId: number;
  issn: string;
  year: number;
  today: string;
  /** issue ids by issue number 1..6 */
  issues: Record<number, number>;
  places: { id: number; name: string; copies: number }[];
}

/**
 * A title of `kind` with its catalogue record (resource type periodical), this year's subscription of 3 copies
 * for two places (2 + 1), and six monthly issues 30 days apart: issue 4 is expected today, 1–3 are past
 * (late after the grace days), 5–6 to come. Written straight to the tables (serials-core's API tests cover theirs).
 */
export async function serialFixture(
  db: Db,
  schoolId: number,
  over: { kind?: 'magazine' | 'newspaper'; frequency?: string; copies?: number } = {},
): Promise<SerialFixture> {
  const scope = new Scope(schoolId);
  const uid = randomBytes(3).toString('hex');
  const today = await schoolToday(db, scope);
  const year = Number(today.slice(0, 4));
  const issn = randomIssn();
  const [type] = await db
    .select({ id: resourceType.id })
    .from(resourceType)
    .where(scope.where(resourceType, eq(resourceType.code, 'serial')));
  const [rec] = await db
    .insert(catalogueRecord)
    .values(scope.values({ title: `Periodical ${uid}`, issn, classNo: 'G62', resourceTypeId: type?.id ?? null }))
    .returning();
  const [title] = await db
    .insert(serialTitle)
    .values(
      scope.values({
        kind: over.kind ?? 'magazine',
        recordId: rec.id,
        title: `Periodical ${uid}`,
        issn,
        postalCode: `2-${uid}`,
        frequency: over.frequency ?? 'monthly',
        pricePerIssueFen: 1200,
        language: 'chi',
      }),
    )
    .returning();
  const [sub] = await db
    .insert(serialSubscription)
    .values(
      scope.values({
        titleId: title.id,
        year,
        copies: over.copies ?? 3,
        supplier: '邮局',
        orderNo: `O-${uid}`,
        pattern: { frequency: 'monthly' as const, firstDate: addDays(today, -90), firstIssue: 1 },
      }),
    )
    .returning();
  const [br] = await db
    .insert(branch)
    .values(scope.values({ name: `Branch ${uid}`, code: `b${uid}` }))
    .returning();
  const locs = await db
    .insert(location)
    .values([
      scope.values({ branchId: br.id, name: `Reading room ${uid}`, code: `r${uid}` }),
      scope.values({ branchId: br.id, name: `Staff room ${uid}`, code: `s${uid}` }),
    ])
    .returning();
  const places = [
    { id: locs[0].id, name: locs[0].name, copies: 2 },
    { id: locs[1].id, name: locs[1].name, copies: 1 },
  ];
  await db
    .insert(serialSubscriptionPlace)
    .values(places.map((p) => ({ subscriptionId: sub.id, locationId: p.id, copies: p.copies })));
  const rows = await db
    .insert(serialIssue)
    .values(
      [1, 2, 3, 4, 5, 6].map((n) =>
        scope.values({
          subscriptionId: sub.id,
          titleId: title.id,
          seq: n,
          expectedDate: addDays(today, (n - 4) * 30),
          year,
          issueNo: n,
          wholeNo: 100 + n,
        }),
      ),
    )
    .returning({ id: serialIssue.id, issueNo: serialIssue.issueNo });
  const issues = Object.fromEntries(rows.map((r) => [r.issueNo, r.id]));
  return { titleId: title.id, recordId: rec.id, subscriptionId: sub.id, issn, year, today, issues, places };
}
