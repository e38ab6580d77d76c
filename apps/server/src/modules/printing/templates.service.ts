import { type LabelKind, LabelTemplate } from '@shuyuan/contracts/printing/label-template';
import type { TemplateDto, TemplateSave } from '@shuyuan/contracts/printing/print-api';
import { asc, count, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { BizError, fail, notFound } from '../../platform/errors.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { ErrorCode } from '@shuyuan/contracts/common/errors';
import { labelTemplate } from './printing.table.ts';

type Row = typeof labelTemplate.$inferSelect;
type Tr = (key: string, params?: Record<string, unknown>) => string;

/**
 * Default templates every school starts with (common Chinese library label stock):
 * spine A4 3×8 (60×33 mm) and A4 5×13 (38×21 mm), barcode A4 4×10 (48×25 mm), reader card A4 2×5 (ISO ID-1).
 */
export const DEFAULT_TEMPLATES: (LabelTemplate & { isDefault: boolean })[] = [
  {
    name: '书标 A4 3×8',
    kind: 'spine',
    isDefault: true,
    page: { size: 'A4', width: 210, height: 297 },
    label: { width: 60, height: 33 },
    grid: { columns: 3, rows: 8 },
    margins: { top: 12, left: 10 },
    gaps: { x: 5, y: 1 },
    offset: { x: 0, y: 0 },
    startPosition: 1,
    fontSize: 14,
    barcodeType: 'code128',
    items: ['callNumber'],
  },
  {
    name: '书标 A4 5×13',
    kind: 'spine',
    isDefault: false,
    page: { size: 'A4', width: 210, height: 297 },
    label: { width: 38, height: 21 },
    grid: { columns: 5, rows: 13 },
    margins: { top: 10.5, left: 10 },
    gaps: { x: 0, y: 0 },
    offset: { x: 0, y: 0 },
    startPosition: 1,
    fontSize: 11,
    barcodeType: 'code128',
    items: ['callNumber'],
  },
  {
    name: '条码 A4 4×10',
    kind: 'barcode',
    isDefault: true,
    page: { size: 'A4', width: 210, height: 297 },
    label: { width: 48, height: 25 },
    grid: { columns: 4, rows: 10 },
    margins: { top: 10, left: 7 },
    gaps: { x: 2, y: 2 },
    offset: { x: 0, y: 0 },
    startPosition: 1,
    fontSize: 8,
    barcodeType: 'code128',
    items: ['schoolName', 'barcode', 'barcodeText'],
  },
  {
    name: '读者证 A4 2×5',
    kind: 'readerCard',
    isDefault: true,
    page: { size: 'A4', width: 210, height: 297 },
    label: { width: 85.6, height: 54 },
    grid: { columns: 2, rows: 5 },
    margins: { top: 13, left: 15 },
    gaps: { x: 8, y: 2 },
    offset: { x: 0, y: 0 },
    startPosition: 1,
    fontSize: 10,
    barcodeType: 'code128',
    items: ['schoolName', 'photo', 'readerName', 'readerClass', 'barcode', 'barcodeText'],
  },
];

function layoutOf(t: LabelTemplate) {
  const { name: _n, kind: _k, ...layout } = t;
  return layout;
}

export function toDto(r: Row): TemplateDto {
  const parsed = LabelTemplate.parse({ ...(r.layout as object), name: r.name, kind: r.kind });
  return { ...parsed, id: r.id, isDefault: r.isDefault };
}

/** Creates the default templates of every kind the school has none of. Idempotent. */
export async function ensureTemplates(db: Db, scope: Scope): Promise<void> {
  const rows = await db
    .select({ kind: labelTemplate.kind, n: count() })
    .from(labelTemplate)
    .where(scope.where(labelTemplate))
    .groupBy(labelTemplate.kind);
  const have = new Set(rows.map((r) => r.kind));
  const missing = DEFAULT_TEMPLATES.filter((t) => !have.has(t.kind));
  if (!missing.length) return;
  await db
    .insert(labelTemplate)
    .values(
      missing.map(({ isDefault, ...t }) =>
        scope.values({ name: t.name, kind: t.kind, isDefault, layout: layoutOf(t) }),
      ),
    )
    .onConflictDoNothing();
}

export async function listTemplates(db: Db, scope: Scope, kind?: LabelKind): Promise<TemplateDto[]> {
  await ensureTemplates(db, scope);
  const rows = await db
    .select()
    .from(labelTemplate)
    .where(scope.where(labelTemplate, kind ? eq(labelTemplate.kind, kind) : undefined))
    .orderBy(asc(labelTemplate.kind), desc(labelTemplate.isDefault), asc(labelTemplate.name), asc(labelTemplate.id));
  return rows.map(toDto);
}

export async function getTemplate(db: Db, scope: Scope, id: number): Promise<TemplateDto> {
  const [row] = await db
    .select()
    .from(labelTemplate)
    .where(scope.where(labelTemplate, eq(labelTemplate.id, id)))
    .limit(1);
  if (!row) throw notFound('printing.template.notFound');
  return toDto(row);
}

/** Adds or updates a template (the contract already refused empty print items); one default per kind. */
export async function saveTemplate(db: Db, scope: Scope, input: TemplateSave, t: Tr): Promise<TemplateDto> {
  const { id, isDefault, ...tpl } = input;
  const template = LabelTemplate.parse(tpl);
  return db.transaction(async (tx) => {
    if (id) {
      const [old] = await tx
        .select()
        .from(labelTemplate)
        .where(scope.where(labelTemplate, eq(labelTemplate.id, id)))
        .limit(1);
      if (!old) throw notFound('printing.template.notFound');
      if (old.kind !== template.kind) throw fail('TEMPLATE_KIND', 'printing.template.kindWrong');
    }
    const [clash] = await tx
      .select({ id: labelTemplate.id })
      .from(labelTemplate)
      .where(
        scope.where(
          labelTemplate,
          eq(labelTemplate.kind, template.kind),
          eq(labelTemplate.name, template.name),
          id ? ne(labelTemplate.id, id) : undefined,
        ),
      )
      .limit(1);
    if (clash) {
      const field = t('printing.template.name');
      throw new BizError(ErrorCode.DUPLICATE, 'error.duplicate', { field }, 200, [
        { path: 'name', message: t('error.duplicate', { field }) },
      ]);
    }
    if (isDefault)
      await tx
        .update(labelTemplate)
        .set({ isDefault: false })
        .where(scope.where(labelTemplate, eq(labelTemplate.kind, template.kind)));
    const values = { name: template.name, kind: template.kind, layout: layoutOf(template), updatedAt: new Date() };
    const [row] = id
      ? await tx
          .update(labelTemplate)
          .set({ ...values, ...(isDefault ? { isDefault } : {}) })
          .where(scope.where(labelTemplate, eq(labelTemplate.id, id)))
          .returning()
      : await tx
          .insert(labelTemplate)
          .values(scope.values({ ...values, isDefault }))
          .returning();
    return toDto(row);
  });
}

/** Deletes templates; the last template of a kind stays (printing needs one), the default passes on. */
export async function deleteTemplates(db: Db, scope: Scope, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const id of ids) {
      const [row] = await tx
        .select()
        .from(labelTemplate)
        .where(scope.where(labelTemplate, eq(labelTemplate.id, id)))
        .limit(1);
      if (!row) throw notFound('printing.template.notFound');
      const others = await tx
        .select({ id: labelTemplate.id })
        .from(labelTemplate)
        .where(scope.where(labelTemplate, eq(labelTemplate.kind, row.kind), ne(labelTemplate.id, id)))
        .orderBy(asc(labelTemplate.id));
      if (!others.length) throw fail('TEMPLATE_LAST', 'printing.template.lastOfKind');
      await tx.delete(labelTemplate).where(scope.where(labelTemplate, eq(labelTemplate.id, id)));
      if (row.isDefault)
        await tx
          .update(labelTemplate)
          .set({ isDefault: true })
          .where(scope.where(labelTemplate, eq(labelTemplate.id, others[0].id)));
    }
  });
}
