import { IdsBody, PageQuery } from '@shuyuan/contracts/common/envelope';
import { P } from '@shuyuan/contracts/common/paths';
import { opCode } from '@shuyuan/contracts/kit/resource';
import {
  LABEL_CODE,
  LabelCreate,
  LabelListQuery,
  LabelUpdate,
  RECOMMEND_CODE,
  RecommendAudit,
  RecommendationCreate,
  RecommendationListQuery,
  RecommendationUpdate,
  RecommendedQuery,
  RecommendPush,
} from '@shuyuan/contracts/reviews/recommendation';
import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../platform/errors.ts';
import { hasPermission } from '../../platform/principal.ts';
import { defineResource } from '../../platform/resource/define.ts';
import { route } from '../../platform/route.ts';
import { assertOpen } from '../opac/visibility.ts';
import { assertMayModerate } from './review.routes.ts';
import {
  auditRecommendations,
  checkRecommendation,
  listRecommendations,
  publicRecommended,
  pushRecommendations,
  recommendedFor,
} from './recommend.service.ts';
import { recommendationLabel, teacherRecommendation as r } from './reviews.table.ts';

const A = `${P}/Recommend`;
const AUDIT = opCode(RECOMMEND_CODE, 'audit');

/** Teachers' recommendations (/recommended-teacher) and their labels (/recommended-teacher-label). */
export function recommendRoutes(app: FastifyInstance): void {
  defineResource(app, {
    area: 'Recommend',
    entity: 'Label',
    table: recommendationLabel,
    permission: LABEL_CODE,
    audit: 'recommendLabel',
    contracts: { create: LabelCreate, update: LabelUpdate, list: LabelListQuery },
    search: [recommendationLabel.name],
    filters: (q) => [q.state === undefined ? undefined : eq(recommendationLabel.state, q.state)],
    orderBy: [asc(recommendationLabel.sort), asc(recommendationLabel.id)],
    unique: [
      {
        field: 'name',
        labelKey: 'reviews.label.name',
        columns: [recommendationLabel.name],
        constraint: 'recommendation_label_school_name_uq',
      },
    ],
    toValues: ({ input }) => ({ ...(input as LabelCreate), updatedAt: new Date() }),
    toDto: (x) => ({ id: x.id, name: x.name, sort: x.sort, state: x.state }),
  });

  route(app, {
    url: `${A}/GetRecommendationList`,
    access: RECOMMEND_CODE,
    schema: RecommendationListQuery,
    summary: "Teachers' recommendations: state, pushed, label, SearchKey (title, teacher)",
    handler: ({ db, scope, body }) => listRecommendations(db, scope, body),
  });
  route(app, {
    url: `${A}/AddRecommendation`,
    access: opCode(RECOMMEND_CODE, 'add'),
    schema: RecommendationCreate,
    audit: 'recommend.add',
    summary: 'A teacher recommends a record to classes or grades; approved at once when the teacher may approve',
    handler: async ({ db, scope, body, user, t }) => {
      await checkRecommendation(db, scope, user!, body, t);
      const approved = hasPermission(user!, AUDIT);
      const [row] = await db
        .insert(r)
        .values(
          scope.values({
            ...body,
            teacherId: user!.userId,
            teacherName: user!.name,
            state: approved ? 'approved' : 'pending',
            ...(approved ? { approvedBy: user!.userId, approvedAt: new Date() } : {}),
          }),
        )
        .returning({ id: r.id, state: r.state });
      return row;
    },
  });
  route(app, {
    url: `${A}/UpdateRecommendation`,
    access: opCode(RECOMMEND_CODE, 'edit'),
    schema: RecommendationUpdate,
    audit: 'recommend.update',
    summary: 'Changes a recommendation: it waits for approval again (and is taken back) unless the editor may approve',
    handler: async ({ db, scope, body, user, t }) => {
      await checkRecommendation(db, scope, user!, body, t);
      const approved = hasPermission(user!, AUDIT);
      const { id, ...values } = body;
      const [row] = await db
        .update(r)
        .set({
          ...values,
          updatedAt: new Date(),
          rejectReason: '',
          ...(approved
            ? { state: 'approved', approvedBy: user!.userId, approvedAt: new Date() }
            : { state: 'pending', pushed: false, pushedAt: null }),
        })
        .where(scope.where(r, eq(r.id, id)))
        .returning({ id: r.id, state: r.state });
      if (!row) throw notFound();
      return row;
    },
  });
  route(app, {
    url: `${A}/DeleteRecommendation`,
    access: opCode(RECOMMEND_CODE, 'delete'),
    schema: IdsBody,
    audit: 'recommend.delete',
    handler: async ({ db, scope, body }) => {
      const ids = [...new Set(body.ids)];
      return db.transaction(async (tx) => {
        const gone = await tx
          .delete(r)
          .where(scope.where(r, inArray(r.id, ids)))
          .returning({ id: r.id });
        if (gone.length !== ids.length) throw notFound();
        return { count: gone.length };
      });
    },
  });
  route(app, {
    url: `${A}/AuditRecommendations`,
    access: AUDIT,
    schema: RecommendAudit,
    audit: 'recommend.audit',
    handler: ({ db, scope, body, user }) => {
      assertMayModerate(user);
      return auditRecommendations(db, scope, user!, body);
    },
  });
  route(app, {
    url: `${A}/PushRecommendations`,
    access: AUDIT,
    schema: RecommendPush,
    audit: 'recommend.push',
    summary: "Pushes approved recommendations to their classes' readers and the public site, or takes them back",
    handler: ({ db, scope, body, user }) => {
      assertMayModerate(user);
      return pushRecommendations(db, scope, body);
    },
  });

  route(app, {
    url: `${P}/Opac/MyRecommended`,
    access: 'school',
    schema: PageQuery,
    summary: "Pushed teachers' recommendations for the caller's class or grade",
    handler: ({ db, scope, body, user }) => recommendedFor(db, scope, user!.userId, body),
  });
  route(app, {
    url: `${P}/Search/TeacherRecommended`,
    access: 'publicSchool',
    schema: RecommendedQuery,
    summary: "Teachers recommend: every pushed recommendation (teacher's name, reason, labels)",
    handler: async ({ db, scope, body }) => {
      await assertOpen(db, scope);
      return publicRecommended(db, scope, body);
    },
  });
}
