import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { P } from '@shuyuan/contracts/common/paths';
import { opCode } from '@shuyuan/contracts/kit/resource';
import {
  LoanRuleCreate,
  type LoanRuleDto,
  LoanRuleListQuery,
  LoanRuleUpdate,
  RULES_SCREEN,
  RuleSettings,
  RuleTestBody,
  type RuleTestResult,
} from '@shuyuan/contracts/circulation-rules/rules';
import { fail } from '../../platform/errors.ts';
import { defineResource } from '../../platform/resource/define.ts';
import { type Ctx, route } from '../../platform/route.ts';
import { appUser } from '../auth/user.table.ts';
import { resourceType } from '../basic/branch.table.ts';
import { location } from '../basic/location.table.ts';
import { mustExist, nameOf } from '../basic/refs.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { loanRule } from '../circulation/circulation.table.ts';
import { getEffectiveRule } from '../circulation/rules.service.ts';
import { permissionGroup } from '../org/organization.table.ts';
import { getSetting, saveScreen } from '../settings/settings.service.ts';
import { rangeAllows, rangeFor } from './borrow-range.service.ts';
import { rangeDto } from './ranges.routes.ts';
import { refuseSameScope } from './scope-dup.ts';

type RuleRow = typeof loanRule.$inferSelect;

async function ruleDto(r: RuleRow, ctx: Ctx<any>): Promise<LoanRuleDto> {
  return {
    id: r.id,
    identity: r.identity as LoanRuleDto['identity'],
    permissionGroupId: r.permissionGroupId,
    resourceTypeId: r.resourceTypeId,
    locationId: r.locationId,
    maxLoans: r.maxLoans,
    loanDays: r.loanDays,
    renewDays: r.renewDays,
    maxRenewals: r.maxRenewals,
    overdueRenewAllowed: r.overdueRenewAllowed,
    overdueLendAllowed: r.overdueLendAllowed,
    fineDayFen: r.fineDayFen,
    fineGraceDays: r.fineGraceDays,
    fineCapFen: r.fineCapFen,
    permissionGroupName: await nameOf(ctx, permissionGroup, permissionGroup.name, r.permissionGroupId),
    resourceTypeName: await nameOf(ctx, resourceType, resourceType.name, r.resourceTypeId),
    locationName: await nameOf(ctx, location, location.name, r.locationId),
  };
}

/** /borrow-permission: the loan_rule table (owned by circulation) as a screen, plus "test a rule" and the settings. */
export function rulesRoutes(app: FastifyInstance): void {
  const svc = defineResource(app, {
    area: 'CirculationRules',
    entity: 'LoanRule',
    table: loanRule,
    permission: RULES_SCREEN,
    audit: 'loanRule',
    contracts: { create: LoanRuleCreate, update: LoanRuleUpdate, list: LoanRuleListQuery },
    filters: (q) => [
      q.identity ? eq(loanRule.identity, q.identity) : undefined,
      q.permissionGroupId ? eq(loanRule.permissionGroupId, q.permissionGroupId) : undefined,
    ],
    // Most specific first, the way getEffectiveRule weighs them; the catch-all last.
    orderBy: [
      sql`(${loanRule.permissionGroupId} is not null)::int + (${loanRule.identity} is not null)::int + (${loanRule.resourceTypeId} is not null)::int + (${loanRule.locationId} is not null)::int desc`,
      asc(loanRule.id),
    ],
    // The id column never clashes: this rule only maps a race on the scope index to the same field issue.
    unique: [
      { field: 'identity', labelKey: 'circRules.rule.scope', columns: [loanRule.id], constraint: 'loan_rule_scope_uq' },
    ],
    toDto: ruleDto,
    hooks: {
      beforeSave: async ({ ctx, db, input, existing }) => {
        await mustExist(
          db,
          ctx,
          permissionGroup,
          input.permissionGroupId,
          'permissionGroupId',
          'circRules.rule.groupInvalid',
        );
        await mustExist(
          db,
          ctx,
          resourceType,
          input.resourceTypeId,
          'resourceTypeId',
          'circRules.rule.resourceTypeInvalid',
        );
        await mustExist(db, ctx, location, input.locationId, 'locationId', 'circRules.rule.locationInvalid');
        await refuseSameScope(
          db,
          ctx,
          loanRule,
          [
            [loanRule.identity, input.identity],
            [loanRule.permissionGroupId, input.permissionGroupId],
            [loanRule.resourceTypeId, input.resourceTypeId],
            [loanRule.locationId, input.locationId],
          ],
          existing?.id,
          'identity',
          'circRules.rule.scope',
        );
      },
      beforeDelete: async ({ rows }) => {
        const catchAll = rows.some((r) => !r.identity && !r.permissionGroupId && !r.resourceTypeId && !r.locationId);
        if (catchAll) throw fail('IN_USE', 'circRules.rule.lastCatchAll');
      },
    },
  });

  route(app, {
    url: `${P}/CirculationRules/TestRule`,
    access: RULES_SCREEN,
    schema: RuleTestBody,
    summary: 'Which loan rule and borrowing range apply to a reader (or identity/group) and a copy (or type/location)',
    handler: async (ctx): Promise<RuleTestResult> => {
      const { db, scope, body } = ctx;
      let readerName: string | null = null;
      let identity = body.identity;
      let groupId = body.permissionGroupId;
      if (body.readerBarcode) {
        const [r] = await db
          .select({ name: appUser.name, identity: appUser.identity, groupId: appUser.permissionGroupId })
          .from(appUser)
          .where(scope.where(appUser, eq(appUser.account, body.readerBarcode)))
          .limit(1);
        if (!r) throw fail('READER_NOT_FOUND', 'circRules.rule.readerNotFound');
        ({
          name: readerName,
          identity,
          groupId,
        } = { name: r.name, identity: r.identity as typeof identity, groupId: r.groupId });
      }
      let copyTitle: string | null = null;
      let resourceTypeId = body.resourceTypeId;
      let locationId = body.locationId;
      if (body.barcode) {
        const [c] = await db
          .select({ title: catalogueRecord.title, typeId: catalogueRecord.resourceTypeId, locationId: copy.locationId })
          .from(copy)
          .innerJoin(catalogueRecord, eq(catalogueRecord.id, copy.recordId))
          .where(scope.where(copy, eq(copy.barcode, body.barcode)))
          .limit(1);
        if (!c) throw fail('COPY_NOT_FOUND', 'circRules.rule.copyNotFound');
        copyTitle = c.title;
        resourceTypeId = c.typeId;
        locationId = c.locationId;
      }
      const subject = { identity, groupId, resourceTypeId, locationId };
      const eff = await getEffectiveRule(db, scope, subject);
      const range = await rangeFor(db, scope, subject);
      return {
        subject: { readerName, identity, permissionGroupId: groupId, copyTitle, resourceTypeId, locationId },
        rule: await svc.get(ctx, eff.id),
        range: range ? await rangeDto(range, ctx) : null,
        inRange: rangeAllows(range, subject),
      };
    },
  });

  route(app, {
    url: `${P}/CirculationRules/GetRuleSettings`,
    access: RULES_SCREEN,
    summary: 'Overdue mode and combined borrowing permission',
    handler: async ({ db, scope }): Promise<RuleSettings> => ({
      overdueMode: await getSetting<RuleSettings['overdueMode']>(db, scope, 'circ.overdueMode'),
      combinedLimit: await getSetting<boolean>(db, scope, 'circ.combinedLimit'),
    }),
  });

  route(app, {
    url: `${P}/CirculationRules/SaveRuleSettings`,
    access: opCode(RULES_SCREEN, 'edit'),
    schema: RuleSettings,
    audit: 'loanRule.settings',
    handler: async ({ db, scope, body, user, lang }) => {
      await saveScreen(
        db,
        scope,
        user?.userId ?? null,
        {
          screen: 'basic-config',
          values: { 'circ.overdueMode': body.overdueMode, 'circ.combinedLimit': body.combinedLimit },
        },
        lang,
      );
      return body;
    },
  });
}
