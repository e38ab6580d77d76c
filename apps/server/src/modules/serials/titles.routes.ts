import { TitleCreate, TitleListQuery, TitleUpdate, type TitleDto } from '@shuyuan/contracts/serials/title';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { defineResource } from '../../platform/resource/define.ts';
import { serialTitle } from './serials.table.ts';
import { beforeDeleteTitles, syncTitleRecord } from './titles.service.ts';

/** Permission code of the titles screen (/magazinelibrary). */
export const TITLES = 'magazinelibrary';

const yuan = (fen: number | null) => (fen == null ? '' : fen / 100);

function toDto(r: typeof serialTitle.$inferSelect): TitleDto {
  return {
    id: r.id,
    kind: r.kind as TitleDto['kind'],
    recordId: r.recordId,
    title: r.title,
    issn: r.issn ?? '',
    cnNumber: r.cnNumber,
    postalCode: r.postalCode ?? '',
    publisher: r.publisher,
    frequency: r.frequency as TitleDto['frequency'],
    pricePerIssueFen: r.pricePerIssueFen,
    pricePerYearFen: r.pricePerYearFen,
    language: r.language,
    classNo: r.classNo,
    ceased: r.ceased,
    note: r.note,
  };
}

/** Periodical titles (期刊库): P/Serials/GetTitleList, AddTitle, UpdateTitle, DeleteTitle, ExportTitle. */
export function titleRoutes(app: FastifyInstance) {
  return defineResource(app, {
    area: 'Serials',
    entity: 'Title',
    table: serialTitle,
    permission: TITLES,
    audit: 'serials.title',
    contracts: { create: TitleCreate, update: TitleUpdate, list: TitleListQuery },
    search: [serialTitle.title, serialTitle.issn, serialTitle.postalCode, serialTitle.cnNumber],
    filters: (q) => [
      q.kind ? eq(serialTitle.kind, q.kind) : undefined,
      q.frequency ? eq(serialTitle.frequency, q.frequency) : undefined,
      q.ceased === undefined ? undefined : eq(serialTitle.ceased, q.ceased),
    ],
    orderBy: [asc(serialTitle.postalCode), asc(serialTitle.id)],
    unique: [
      {
        field: 'issn',
        labelKey: 'serials.title.issn',
        columns: [serialTitle.issn],
        constraint: 'serial_title_school_issn_uq',
      },
      {
        field: 'postalCode',
        labelKey: 'serials.title.postalCode',
        columns: [serialTitle.postalCode],
        constraint: 'serial_title_school_postal_uq',
        ignoreCase: true,
      },
    ],
    toValues: ({ input }) => {
      const { id: _id, ...rest } = input as TitleUpdate;
      return { ...rest, issn: rest.issn || null, postalCode: rest.postalCode.toUpperCase() };
    },
    toDto,
    hooks: {
      afterSave: async ({ ctx, db, input, row }) => {
        row.recordId = await syncTitleRecord(db, ctx.schoolId, row, input as TitleCreate);
      },
      beforeDelete: ({ ctx, db, rows }) => beforeDeleteTitles(db, ctx.schoolId, rows),
    },
    export: {
      fileNameKey: 'serials.title.file',
      columns: [
        { labelKey: 'serials.title.kind', value: (d, t) => t(`serials.kind.${d.kind}`) },
        { labelKey: 'serials.title.title', value: (d) => d.title, width: 36 },
        { labelKey: 'serials.title.issn', value: (d) => d.issn },
        { labelKey: 'serials.title.cnNumber', value: (d) => d.cnNumber },
        { labelKey: 'serials.title.postalCode', value: (d) => d.postalCode },
        { labelKey: 'serials.title.publisher', value: (d) => d.publisher, width: 30 },
        { labelKey: 'serials.title.frequency', value: (d, t) => t(`serials.frequency.${d.frequency}`) },
        { labelKey: 'serials.title.pricePerIssue', value: (d) => yuan(d.pricePerIssueFen) },
        { labelKey: 'serials.title.pricePerYear', value: (d) => yuan(d.pricePerYearFen) },
        { labelKey: 'serials.title.language', value: (d) => d.language },
        { labelKey: 'serials.title.classNo', value: (d) => d.classNo },
      ],
    },
  });
}
