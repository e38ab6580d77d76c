import { RecordExportQuery } from '@shuyuan/contracts/catalogue/record-export';
import { P } from '@shuyuan/contracts/common/paths';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.ts';
import { CATALOG } from './access.ts';
import { startRecordExport } from './record-export.ts';

/** The catalogue list's export (/resource-mana/resource/catalog `:export`). */
export function recordExportRoutes(app: FastifyInstance): void {
  route(app, {
    url: `${P}/Catalogue/ExportRecords`,
    access: `${CATALOG}:export`,
    schema: RecordExportQuery,
    audit: 'catalogue.record.export',
    summary: 'Export every record the catalogue search finds, with its fields and copy count (background job)',
    handler: (ctx) => startRecordExport(app, ctx),
  });
}
