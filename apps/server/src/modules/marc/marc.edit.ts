import type { RecordCreate } from '@shuyuan/contracts/catalogue/record';
import { type MarcSave, marcIssues, toMarcRecord } from '@shuyuan/contracts/marc/editor';
import { type MarcFlavour, MarcRecord } from '@shuyuan/contracts/marc/record';
import type { Db } from '../../db/client.ts';
import { invalid } from '../../platform/errors.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { createRecord, getRecord, type PrepareRecord, updateRecord } from '../catalogue/catalogue.service.ts';
import { getEditingConfig } from '../catalogue/editing-config.service.ts';
import { detectFlavour } from './lib/flavour.ts';
import { MarcTooLongError, writeIso2709 } from './lib/iso2709-writer.ts';
import { mapRecord } from './lib/map-record.ts';
import { blankMarc, marcOf } from './marc.build.ts';
import { toRecordCreate } from './marc.convert.ts';
import type { RuleSet } from './marc.rules.ts';

type Tr = (key: string, params?: Record<string, unknown>) => string;

/**
 * The record for the editor: its stored MARC, or one built from its fields in the school's MARC format
 * (editing setting `marcFormat`) when it was typed on the cataloguing form.
 */
export async function recordForEdit(db: Db, scope: Scope, id: number) {
  const row = await getRecord(db, scope, id);
  const built = !(row.marc && MarcRecord.safeParse(row.marc).success);
  const record = marcOf(row, (await getEditingConfig(db, scope)).marcFormat);
  return { id: row.id, title: row.title, built, flavour: detectFlavour(record), record };
}

/**
 * `P/Marc/Post`: checks the typed record (marcIssues, then the ISO 2709 size), derives the catalogue fields
 * through the school's mapping rules and saves fields, MARC and search vector in one transaction — through
 * the catalogue service and its rules, like a record saved from the cataloguing form. Fields that MARC does
 * not carry (book number, cover, resource type, recommended, reading level) keep their values.
 */
export async function saveMarc(db: Db, scope: Scope, body: MarcSave, rules: RuleSet, tr: Tr, prepare: PrepareRecord) {
  const issues = marcIssues(body.record, body.flavour);
  if (issues.length) throw invalid(issues.map((i) => ({ path: `record.${i.path}`, message: tr(i.key, i.params) })));
  const record = toMarcRecord(body.record);
  try {
    writeIso2709(record);
  } catch (e) {
    if (e instanceof MarcTooLongError) throw invalid([{ path: 'record', message: tr('marc.edit.tooLong') }]);
    throw e;
  }
  const flavour: MarcFlavour = body.flavour ?? detectFlavour(record);
  const mapped = mapRecord(record, rules[flavour]);
  const c = toRecordCreate(record, mapped);
  if (!c.ok) throw invalid(c.errors.map((m) => ({ path: 'record', message: tr(m.key, m.params) })));
  if (body.id === undefined) return createRecord(db, scope, c.row, prepare);
  const old = await getRecord(db, scope, body.id);
  const row: RecordCreate = {
    ...c.row,
    bookNo: c.row.bookNo || old.bookNo,
    coverUrl: old.coverUrl,
    recommended: old.recommended,
    readingLevel: old.readingLevel,
    resourceTypeId: old.resourceTypeId ?? undefined,
  };
  return updateRecord(db, scope, { ...row, id: body.id }, prepare);
}

/** A new record's template for the editor, in the school's MARC format. */
export async function newRecordTemplate(db: Db, scope: Scope) {
  const flavour = (await getEditingConfig(db, scope)).marcFormat;
  return { flavour, record: blankMarc(flavour) };
}
