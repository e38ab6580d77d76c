import { P } from '@shuyuan/contracts/common/paths';
import {
  PublishedNotesQuery,
  RELEASE_CODE,
  ReleaseNoteCreate,
  type ReleaseNoteDto,
  ReleaseNoteListQuery,
  ReleaseNoteUpdate,
} from '@shuyuan/contracts/settings/release-note';
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pageOffset } from '../../platform/envelope.ts';
import { defineResource } from '../../platform/resource/define.ts';
import { route } from '../../platform/route.ts';
import { changelog } from './changelog.ts';
import { releaseNote } from './release-note.table.ts';

const toDto = (r: typeof releaseNote.$inferSelect): ReleaseNoteDto => ({
  id: r.id,
  version: r.version,
  title: r.title,
  content: r.content,
  state: r.state as 0 | 1,
  publishedAt: r.publishedAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

export function releaseRoutes(app: FastifyInstance): void {
  // /update-log: editors manage the school's notices.
  defineResource(app, {
    area: 'UpdateLog',
    entity: 'ReleaseNote',
    table: releaseNote,
    permission: RELEASE_CODE,
    audit: 'release-note',
    contracts: { create: ReleaseNoteCreate, update: ReleaseNoteUpdate, list: ReleaseNoteListQuery },
    search: [releaseNote.title, releaseNote.version, releaseNote.content],
    filters: (q) => [q.state === undefined ? undefined : eq(releaseNote.state, q.state)],
    toValues: ({ ctx, input, existing }) => {
      const i = input as ReleaseNoteCreate;
      // Publishing stamps the time once; going back to draft clears it.
      const publishedAt = i.state === 1 ? (existing?.publishedAt ?? new Date()) : null;
      return {
        version: i.version,
        title: i.title,
        content: i.content,
        state: i.state,
        publishedAt,
        createdBy: existing?.createdBy ?? ctx.user?.userId,
      };
    },
    toDto,
  });

  // /updatelog: what everyone in the school sees.
  route(app, {
    url: `${P}/UpdateLog/GetChangelog`,
    access: 'school',
    handler: () => changelog(),
  });
  route(app, {
    url: `${P}/UpdateLog/GetPublishedNotes`,
    access: 'school',
    schema: PublishedNotesQuery,
    handler: async ({ db, scope, body }) => {
      const where = scope.where(releaseNote, eq(releaseNote.state, 1));
      const [{ n }] = await db.select({ n: count() }).from(releaseNote).where(where);
      const rows = await db
        .select()
        .from(releaseNote)
        .where(where)
        .orderBy(desc(releaseNote.publishedAt), desc(releaseNote.id))
        .limit(body.Rows)
        .offset(pageOffset(body));
      return { List: rows.map(toDto), Total: n };
    },
  });
}
