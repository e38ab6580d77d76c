import type { FastifyInstance } from 'fastify';
import {
  ClassImportBody,
  ClassSearchQuery,
  ClassTreeQuery,
  CustomClassCreate,
  CustomClassUpdate,
  DeweyQuery,
} from '@shuyuan/contracts/classification/classification';
import { IdBody } from '@shuyuan/contracts/common/envelope';
import { P } from '@shuyuan/contracts/common/paths';
import { route } from '../../platform/route.ts';
import { findClasses, getClassChildren } from './class.service.ts';
import { addCustomClass, customTree, deleteCustomClass, updateCustomClass } from './custom-class.service.ts';
import { DEWEY_EN } from './dewey-builtin.data.ts';
import { classImportResult, startClassImport } from './import-job.ts';
import { z } from 'zod';

/** Permission of the screen that edits the custom classification (a tab of /book-editing-rule). */
const RULES = 'book-editing-rule';

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

  route(app, {
    url: `${P}/Literature/GetDeweyClassification`,
    access: 'school',
    schema: DeweyQuery,
    summary: 'Dewey classes: children of a node (the ten classes at the top) or a look-up by code/name',
    handler: async ({ db, body, lang }) => {
      const nodes = body.q
        ? await findClasses(db, { scheme: 'dewey', q: body.q, parent: body.parent })
        : await getClassChildren(db, { scheme: 'dewey', parent: body.parent });
      // The table holds the Chinese names; the built-in nodes also have their English ones.
      return lang === 'en' ? nodes.map((n) => ({ ...n, name: DEWEY_EN.get(n.code) ?? n.name })) : nodes;
    },
  });

  route(app, {
    url: `${P}/Classification/ImportScheme`,
    access: `${RULES}:edit`,
    schema: ClassImportBody,
    audit: 'classification.import',
    summary:
      'Replaces a whole scheme (clc, dewey: top unit only; custom: the school) from an uploaded file, as a background task',
    handler: (ctx) => startClassImport(app, ctx),
  });
  route(app, {
    url: `${P}/Classification/GetImportResult`,
    access: RULES,
    schema: z.object({ DataID: z.coerce.number().int().positive() }),
    summary: 'State of a scheme import and, once it ended, the nodes imported, repeated codes and problems',
    handler: (ctx) => classImportResult(app, ctx),
  });

  route(app, {
    url: `${P}/Config/GetCustomClassify`,
    access: 'school',
    summary: "The school's own classification as a tree",
    handler: ({ db, scope }) => customTree(db, scope),
  });
  route(app, {
    url: `${P}/Classification/AddCustomClass`,
    access: `${RULES}:edit`,
    schema: CustomClassCreate,
    audit: 'classification.custom.add',
    handler: ({ db, scope, body, t }) => addCustomClass(db, scope, body, t),
  });
  route(app, {
    url: `${P}/Classification/UpdateCustomClass`,
    access: `${RULES}:edit`,
    schema: CustomClassUpdate,
    audit: 'classification.custom.update',
    handler: ({ db, scope, body, t }) => updateCustomClass(db, scope, body, t),
  });
  route(app, {
    url: `${P}/Classification/DeleteCustomClass`,
    access: `${RULES}:edit`,
    schema: IdBody,
    audit: 'classification.custom.delete',
    handler: ({ db, scope, body }) => deleteCustomClass(db, scope, body.id),
  });
}
