import path from 'node:path';
import { P } from '@shuyuan/contracts/common/paths';
import {
  MarcExportAll,
  MarcExportByIds,
  MarcImportRequest,
  MarcPreviewMarcQuery,
  MarcPreviewTableQuery,
  MarcRuleQuery,
  MarcRuleUpdate,
} from '@shuyuan/contracts/marc/api';
import type { FastifyInstance } from 'fastify';
import { startJob } from '../../platform/jobs/jobs.ts';
import { type Ctx, route } from '../../platform/route.ts';
import { EXT, exportByIds, MIME, runExportAll } from './marc.export.ts';
import { uploadedFile } from './marc.files.ts';
import { runImport } from './marc.import.ts';
import { previewMarc, previewTable } from './marc.preview.ts';
import { getRules, getRuleSet, saveRules } from './marc.rules.ts';

/** Permission codes: the screens /marc-import, /marc-catalog-import and /marc-export. */
const IMPORT = 'marc-import';
const EXPORT = 'marc-export';

const stamp = () => new Date().toISOString().slice(0, 10).replaceAll('-', '');

async function startImport(app: FastifyInstance, c: Ctx<MarcImportRequest>) {
  const file = uploadedFile(app, c.schoolId, c.body.fileUrl);
  const rules = await getRuleSet(c.db, c.scope, c.body.rules);
  const { id } = await startJob(app, {
    schoolId: c.schoolId,
    userId: c.user?.userId ?? null,
    operationType: 'marc.import',
    fileName: `${c.t('marc.job.import')}-${path.basename(file)}.csv`,
    // The result file is written in the language of whoever started the import.
    run: (job) => runImport(app, job, { file, policy: c.body.duplicatePolicy, rules, tr: c.t }),
  });
  return { DataID: id };
}

export function marcRoutes(app: FastifyInstance): void {
  route(app, {
    url: `${P}/Marc/PreviewTable`,
    access: IMPORT,
    schema: MarcPreviewTableQuery,
    handler: async ({ db, scope, schoolId, body, t }) =>
      previewTable(uploadedFile(app, schoolId, body.fileUrl), body.rows, await getRuleSet(db, scope), t),
  });
  route(app, {
    url: `${P}/Marc/PreviewMarc`,
    access: IMPORT,
    schema: MarcPreviewMarcQuery,
    handler: ({ schoolId, body, t }) => previewMarc(uploadedFile(app, schoolId, body.fileUrl), body.index, t),
  });
  route(app, {
    url: `${P}/Marc/Import`,
    access: `${IMPORT}:import`,
    schema: MarcImportRequest,
    audit: 'marc.import',
    handler: (c) => startImport(app, c),
  });
  // Catalogue-only data (no copies in the file): the same import, reached from /marc-catalog-import.
  route(app, {
    url: `${P}/Marc/ImportCataInfo`,
    access: 'marc-catalog-import:import',
    schema: MarcImportRequest,
    audit: 'marc.import',
    handler: (c) => startImport(app, c),
  });
  route(app, {
    url: `${P}/Marc/GetMarcRule`,
    access: IMPORT,
    schema: MarcRuleQuery,
    handler: ({ db, scope, body }) => getRules(db, scope, body.flavour),
  });
  route(app, {
    url: `${P}/Marc/UpdateMarcRule`,
    access: `${IMPORT}:import`,
    schema: MarcRuleUpdate,
    audit: 'marc.rule.update',
    handler: ({ db, scope, body }) => saveRules(db, scope, body),
  });
  route(app, {
    url: `${P}/Literature/marcbyitemid`,
    access: `${EXPORT}:export`,
    schema: MarcExportByIds,
    audit: 'marc.export',
    raw: true,
    handler: async ({ db, scope, body, reply }) => {
      const data = await exportByIds(db, scope, body.ids, body.format);
      const name = `marc-${stamp()}.${EXT[body.format]}`;
      reply.header('content-type', MIME[body.format]);
      reply.header('content-disposition', `attachment; filename="${name}"`);
      return reply.send(data);
    },
  });
  route(app, {
    url: `${P}/Marc/ExportAll`,
    access: `${EXPORT}:export`,
    schema: MarcExportAll,
    audit: 'marc.export',
    handler: async ({ db, scope, schoolId, user, body, t }) => {
      const { id } = await startJob(app, {
        schoolId,
        userId: user?.userId ?? null,
        operationType: 'marc.export',
        fileName: `${t('marc.job.export')}-${stamp()}.${EXT[body.format]}`,
        run: (job) => runExportAll(db, scope, job, body.format),
      });
      return { DataID: id };
    },
  });
}
