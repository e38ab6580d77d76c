import { ListIdBody } from '@shuyuan/contracts/booklists/booklist';
import { P } from '@shuyuan/contracts/common/paths';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../platform/errors.ts';
import { route } from '../../platform/route.ts';
import { publicView } from '../opac/search.service.ts';
import { assertOpen } from '../opac/visibility.ts';
import { listDtos, publishedLists } from './booklists.service.ts';

/**
 * The readers' side: the public site lists the school's published lists (drafts never), with each book's public
 * availability; a reader's personal area shows the published lists for every grade and for the reader's grade.
 */
export function bookListPublicRoutes(app: FastifyInstance): void {
  route(app, {
    url: `${P}/Search/BookLists`,
    access: 'publicSchool',
    summary: "The school's published book lists with their books and availability (public copies)",
    handler: async ({ db, scope }) => {
      await assertOpen(db, scope);
      const v = await publicView(db, scope);
      return listDtos(db, scope, await publishedLists(db, scope), v.copy);
    },
  });

  route(app, {
    url: `${P}/Search/BookList`,
    access: 'publicSchool',
    schema: ListIdBody,
    summary: 'One published book list with its books and their availability (public copies)',
    handler: async ({ db, scope, body }) => {
      await assertOpen(db, scope);
      const found = (await publishedLists(db, scope)).find((l) => l.id === body.id);
      if (!found) throw notFound();
      const v = await publicView(db, scope);
      return (await listDtos(db, scope, [found], v.copy))[0];
    },
  });

  route(app, {
    url: `${P}/Opac/MyBookLists`,
    access: 'school',
    summary: "Published book lists for the caller's grade (and for every grade), with availability",
    handler: async ({ db, scope, user }) => {
      const v = await publicView(db, scope);
      return listDtos(db, scope, await publishedLists(db, scope, user!.userId), v.copy);
    },
  });
}
