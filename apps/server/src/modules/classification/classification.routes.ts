import type { FastifyInstance } from 'fastify';
import { ClassSearchQuery, ClassTreeQuery } from '@shuyuan/contracts/classification/classification';
import { P } from '@shuyuan/contracts/common/paths';
import { route } from '../../platform/route.ts';
import { findClasses, getClassChildren } from './class.service.ts';

/** The class picker's endpoints: any member of the school may browse and search the schemes. */
export function classificationRoutes(app: FastifyInstance): void {
  route(app, {
    url: `${P}/Classification/GetClassTree`,
    access: 'school',
    schema: ClassTreeQuery,
    summary: 'Children of a class node (top level when no parent)',
    handler: ({ db, body, scope }) => getClassChildren(db, body, scope),
  });

  route(app, {
    url: `${P}/Classification/FindClasses`,
    access: 'school',
    schema: ClassSearchQuery,
    summary: 'Classes whose code starts with, or whose name contains, the text',
    handler: ({ db, body, scope }) => findClasses(db, body, scope),
  });
}
