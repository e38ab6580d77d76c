import path from 'node:path';
import { P } from '@shuyuan/contracts/common/paths';
import { RecordSearchQuery } from '@shuyuan/contracts/catalogue/record';
import { IdBody } from '@shuyuan/contracts/common/envelope';
import { MarcSave } from '@shuyuan/contracts/marc/editor';
import {
  CataImportRequest,
  MarcExportAll,
  MarcExportByIds,
  MarcExportRecord,
  MarcImportReportQuery,
  MarcImportRequest,
  MarcPreviewMarcQuery,
  MarcPreviewTableQuery,
  MarcRuleQuery,
  MarcRuleUpdate,
} from '@shuyuan/contracts/marc/api';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../platform/errors.ts';
import { contentDisposition, statFile } from '../../platform/files/files.ts';
import { getVisibleJob } from '../../platform/jobs/jobs.service.ts';
import type { Principal } from '../../platform/principal.ts';
import { startJob } from '../../platform/jobs/jobs.ts';
import { type Ctx, route } from '../../platform/route.ts';
import { needAny } from '../catalogue/access.ts';
import { staffSearch } from '../catalogue/catalogue-search.service.ts';
import { recordRules } from '../catalogue/record-rules.service.ts';
import { cataTemplate, readCataErrors, runCataImport } from './marc.cata-import.ts';
import { checkCopyDefaults } from './marc.copies.ts';
import { newRecordTemplate, recordForEdit, saveMarc } from './marc.edit.ts';
import { EXT, exportByIds, MIME, runExportAll } from './marc.export.ts';
import { uploadedFile } from './marc.files.ts';
import { runImport } from './marc.import.ts';
import { previewMarc, previewTable } from './marc.preview.ts';
import { readResultCsv } from './marc.result.ts';
import { getRules, getRuleSet, saveRules } from './marc.rules.ts';

/** Permission codes: the screens /marc-import, /marc-catalog-import and /marc-export. */
const IMPORT = 'marc-import';
const EXPORT = 'marc-export';
const CATA = 'marc-catalog-import';
/** The record editor (/Marc). */
const EDITOR = 'Marc';

const stamp = () => new Date().toISOString().slice(0, 10).replaceAll('-', '');

async function startImport(app: FastifyInstance, c: Ctx<MarcImportRequest>) {
  const file = uploadedFile(app, c.schoolId, c.body.fileUrl);
  const rules = await getRuleSet(c.db, c.scope, c.body.rules);
  const copies = { locationId: c.body.locationId, batchId: c.body.batchId };
  await checkCopyDefaults(c.db, c.scope, c.t, copies);
  const shown = (c.body.fileName || path.basename(file)).replace(/\.[^.]*$/, '');
  const fileName = `${c.t('marc.job.import')}-${shown}.csv`;
  const { id } = await startJob(app, {
    schoolId: c.schoolId,
    userId: c.user?.userId ?? null,
    operationType: 'marc.import',
    fileName,
    // The result file is written in the language of whoever started the import.
    run: (job) =>
      runImport(app, job, {
        file,
        policy: c.body.duplicatePolicy,
        rules,
        read: { charset: c.body.charset, flavour: c.body.flavour },
        copies: c.body.createCopies ? copies : false,
        tr: c.t,
      }),
  });
  return { DataID: id, FileName: fileName };
}

export function marcRoutes(app: FastifyInstance): void {
  route(app, {
    url: `${P}/Marc/PreviewTable`,
    access: IMPORT,
    schema: MarcPreviewTableQuery,
    handler: async ({ db, scope, schoolId, body, t }) =>
      previewTable(uploadedFile(app, schoolId, body.fileUrl), body.rows, await getRuleSet(db, scope), t, body),
  });
  route(app, {
    url: `${P}/Marc/PreviewMarc`,
    access: IMPORT,
    schema: MarcPreviewMarcQuery,
    handler: ({ schoolId, body, t }) => previewMarc(uploadedFile(app, schoolId, body.fileUrl), body.index, t, body),
  });
  route(app, {
    url: `${P}/Marc/Import`,
    access: `${IMPORT}:import`,
    schema: MarcImportRequest,
    audit: 'marc.import',
    handler: (c) => startImport(app, c),
  });
  route(app, {
    url: `${P}/Marc/ImportReport`,
    access: IMPORT,
    schema: MarcImportReportQuery,
    summary: 'The records a finished MARC import did not import, with reasons, and its summary',
    handler: async ({ db, scope, user, body }) => {
      const j = await getVisibleJob(db, scope, user as Principal, body.DataID);
      const file = j.state === 2 && j.operationType === 'marc.import' && j.resultFile;
      const found = file ? await statFile(app, file) : null;
      if (!found) throw notFound('job.notFound');
      return readResultCsv(found.abs, 1000);
    },
  });
  // Catalogue data from the Excel template (/marc-catalog-import).
  route(app, {
    url: `${P}/Marc/GetCataTemplate`,
    access: CATA,
    raw: true,
    summary: 'The catalogue import template (xlsx, headers in the caller language)',
    handler: async ({ reply, t }) => {
      const f = await cataTemplate(t);
      reply.header('content-type', f.type);
      reply.header('content-disposition', contentDisposition(f.fileName));
      return reply.send(f.data);
    },
  });
  route(app, {
    url: `${P}/Marc/ImportCataInfo`,
    access: `${CATA}:import`,
    schema: CataImportRequest,
    audit: 'marc.cata.import',
    summary: 'Catalogue records from the filled-in template (task; the result sheet lists every row)',
    handler: async ({ schoolId, user, body, t, lang }) => {
      const file = uploadedFile(app, schoolId, body.fileUrl);
      const fileName = `${t('marc.job.cata')}-${stamp()}.xlsx`;
      const { id } = await startJob(app, {
        schoolId,
        userId: user?.userId ?? null,
        operationType: 'marc.cata.import',
        fileName,
        params: { lang },
        run: (job) => runCataImport(app, job, { file, policy: body.duplicatePolicy, tr: t }),
      });
      return { DataID: id, FileName: fileName };
    },
  });
  route(app, {
    url: `${P}/Marc/CataImportReport`,
    access: CATA,
    schema: MarcImportReportQuery,
    summary: 'The rows of a finished Excel catalogue import that were not imported as they stood, with reasons',
    handler: async ({ db, scope, user, body }) => {
      const j = await getVisibleJob(db, scope, user as Principal, body.DataID);
      const file = j.state === 2 && j.operationType === 'marc.cata.import' && j.resultFile;
      const found = file ? await statFile(app, file) : null;
      if (!found) throw notFound('job.notFound');
      return readCataErrors(found.abs, 1000);
    },
  });
  // The record editor: find a record, open its MARC, save it back (fields re-derived by the mapping rules).
  route(app, {
    url: `${P}/Marc/FindRecords`,
    access: 'school',
    schema: RecordSearchQuery,
    summary: `Find records to edit or export (${EDITOR} | ${EXPORT})`,
    handler: ({ db, scope, body, user }) => {
      needAny(user, [EDITOR, EXPORT]);
      return staffSearch(db, scope, body);
    },
  });
  route(app, {
    url: `${P}/Marc/GetRecord`,
    access: EDITOR,
    schema: IdBody,
    handler: ({ db, scope, body }) => recordForEdit(db, scope, body.id),
  });
  route(app, {
    url: `${P}/Marc/NewRecordTemplate`,
    access: EDITOR,
    summary: "A blank record for the editor in the school's MARC format (CNMARC or MARC21)",
    handler: ({ db, scope }) => newRecordTemplate(db, scope),
  });
  route(app, {
    url: `${P}/Marc/Post`,
    access: `${EDITOR}:edit`,
    schema: MarcSave,
    audit: 'marc.record.save',
    summary: 'Save a record typed as MARC: checked, mapped to the record fields and search vector, one transaction',
    handler: async ({ db, scope, body, t, user }) =>
      saveMarc(db, scope, body, await getRuleSet(db, scope), t, recordRules(scope, t, user?.userId)),
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
    url: `${P}/Marc/ExportRecord`,
    access: `${EDITOR}:export`,
    schema: MarcExportRecord,
    audit: 'marc.export',
    raw: true,
    summary: "The record open in the MARC editor as ISO 2709 or MARCXML (with the school's copies as 852, CNMARC 905)",
    handler: async ({ db, scope, body, reply }) => {
      await recordForEdit(db, scope, body.id); // 404 for a record of another school or none
      const data = await exportByIds(db, scope, [body.id], body.format);
      reply.header('content-type', MIME[body.format]);
      reply.header('content-disposition', `attachment; filename="marc-${body.id}.${EXT[body.format]}"`);
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
