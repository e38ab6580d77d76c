import { MARC_EDIT_TEXT } from '@shuyuan/contracts/marc/editor';
import { MARC_ERROR_TEXT, MARC_WARNING_TEXT } from '@shuyuan/contracts/marc/messages';
import type { CataImportColumn } from '@shuyuan/contracts/marc/api';
import { registerMessages } from '../../platform/i18n/messages.ts';
// Record validation texts (catalogue.titleRequired, …) explain why a mapped record cannot be saved.
import '../catalogue/catalogue.messages.ts';

const prefixed = (prefix: string, table: Record<string, { zh: string; en: string }>) =>
  Object.fromEntries(Object.entries(table).map(([k, v]) => [`${prefix}${k}`, v]));

registerMessages(prefixed('marc.error.', MARC_ERROR_TEXT));
registerMessages(prefixed('marc.warning.', MARC_WARNING_TEXT));
registerMessages(MARC_EDIT_TEXT);

const CATA_COLS: Record<CataImportColumn, [string, string]> = {
  title: ['题名', 'Title'],
  parallelTitle: ['并列题名', 'Parallel title'],
  author: ['责任者', 'Author'],
  responsibility: ['责任说明', 'Statement of responsibility'],
  edition: ['版本', 'Edition'],
  publisher: ['出版者', 'Publisher'],
  pubPlace: ['出版地', 'Place of publication'],
  pubYear: ['出版年', 'Year'],
  isbn: ['ISBN', 'ISBN'],
  issn: ['ISSN', 'ISSN'],
  classNo: ['分类号', 'Class number'],
  bookNo: ['书次号', 'Book number'],
  price: ['价格（元）', 'Price (yuan)'],
  pages: ['页数', 'Pages'],
  language: ['语种', 'Language'],
  series: ['丛书', 'Series'],
  subjects: ['主题词（分号分隔）', 'Subjects (separated by ;)'],
  summary: ['摘要', 'Summary'],
  readingLevel: ['阅读分级', 'Reading level'],
  barcodes: ['条码（多个用;分隔）', 'Barcodes (separated by ;)'],
  copies: ['册数', 'Number of copies'],
  location: ['馆藏地', 'Location'],
  batch: ['验收批次', 'Acceptance batch'],
};
const cataColumns = Object.fromEntries(
  Object.entries(CATA_COLS).map(([k, [zh, en]]) => [`marc.cata.col.${k}`, { zh, en }]),
);

/** Server texts of MARC import/export. */
registerMessages({
  'marc.fileMissing': { zh: '找不到上传的文件，请重新上传', en: 'The uploaded file was not found; upload it again' },
  'marc.indexMissing': { zh: '文件中没有第 {{index}} 条记录', en: 'The file has no record number {{index}}' },
  'marc.isbnDropped': {
    zh: 'ISBN “{{isbn}}” 无效，未填入书目（保留在 MARC 中）',
    en: 'The ISBN "{{isbn}}" is not valid and was left out (kept in the MARC)',
  },
  'marc.duplicateSkipped': {
    zh: '与书目《{{title}}》#{{id}} 的{{key}}相同，已跳过',
    en: 'Same {{key}} as record {{title}} #{{id}}; skipped',
  },
  'marc.duplicateSkippedInFile': {
    zh: '与文件中第 {{n}} 条记录《{{title}}》的{{key}}相同，已跳过',
    en: 'Same {{key}} as record {{n}} of the file ({{title}}); skipped',
  },
  'marc.cata.duplicateRow': {
    zh: '与第 {{n}} 行《{{title}}》的{{key}}相同，已跳过',
    en: 'Same {{key}} as row {{n}} ({{title}}); skipped',
  },
  'marc.duplicateMerged': {
    zh: '与书目《{{title}}》#{{id}} 的{{key}}相同，保留原书目',
    en: 'Same {{key}} as record {{title}} #{{id}}; the existing record was kept',
  },
  'marc.duplicateMergedCopies': {
    zh: '与书目《{{title}}》#{{id}} 的{{key}}相同，保留原书目，并入 {{copies}} 册馆藏',
    en: 'Same {{key}} as record {{title}} #{{id}}; the existing record was kept and {{copies}} copies added to it',
  },
  'marc.requiredMissing': {
    zh: '本馆编目规则要求填写：{{fields}}',
    en: "The school's cataloguing rules require: {{fields}}",
  },
  'marc.listSeparator': { zh: '、', en: ', ' },
  'marc.resourceType': { zh: '资源类型', en: 'Resource type' },
  'marc.copy.noBarcode': {
    zh: '一册馆藏没有条码，未能按条码规则生成，未添加：{{reason}}',
    en: 'A copy without a barcode was not added (no barcode could be generated): {{reason}}',
  },
  'marc.copy.badBarcode': {
    zh: '馆藏条码 {{barcode}} 不符合本馆条码规则（{{reason}}），未添加',
    en: "Copy barcode {{barcode}} breaks the school's barcode rule ({{reason}}); not added",
  },
  'marc.copy.barcodeTaken': {
    zh: '馆藏条码 {{barcode}} 已被使用，未添加',
    en: 'Copy barcode {{barcode}} is already in use; not added',
  },
  'marc.copy.locationUnknown': {
    zh: '馆藏地“{{location}}”不存在，已放入默认馆藏地',
    en: 'Location "{{location}}" does not exist; the copy was placed in the default location',
  },
  'marc.copy.saveFailed': {
    zh: '书目已导入，但其 {{n}} 册馆藏无法保存',
    en: 'The record was imported but its {{n}} copies could not be saved',
  },
  'marc.notBibliographic': {
    zh: '不是书目记录（头标区第 6 位为“{{type}}”：规范、分类或馆藏记录），未导入',
    en: 'Not a bibliographic record (leader/06 is "{{type}}": authority, classification or holdings); not imported',
  },
  'marc.authorGarbled': {
    zh: '责任者“{{author}}”看起来是乱码（字符集可能有误），请核对',
    en: 'The author "{{author}}" looks garbled (wrong character set?); please check it',
  },
  'marc.saveFailed': { zh: '保存失败：{{reason}}', en: 'Could not be saved: {{reason}}' },
  'marc.result.index': { zh: '序号', en: 'No.' },
  'marc.result.status': { zh: '结果', en: 'Result' },
  'marc.result.reason': { zh: '原因', en: 'Reason' },
  'marc.result.title': { zh: '题名', en: 'Title' },
  'marc.result.imported': { zh: '已导入', en: 'imported' },
  'marc.result.skipped': { zh: '跳过', en: 'skipped' },
  'marc.result.merged': { zh: '已合并', en: 'merged' },
  'marc.result.failed': { zh: '失败', en: 'failed' },
  'marc.result.summary': {
    zh: '共 {{total}} 条：导入 {{imported}}，跳过 {{skipped}}，合并 {{merged}}，失败 {{failed}}；新增馆藏 {{copies}} 册',
    en: '{{total}} records: {{imported}} imported, {{skipped}} skipped, {{merged}} merged, {{failed}} failed; {{copies}} copies added',
  },
  'marc.job.import': { zh: 'MARC导入', en: 'MARC import' },
  'marc.job.export': { zh: 'MARC导出', en: 'MARC export' },
  'marc.job.cata': { zh: '书目数据导入', en: 'Catalogue data import' },
  'marc.cata.sheet': { zh: '书目导入模板', en: 'Catalogue import template' },
  'marc.cata.result': { zh: '导入结果', en: 'Import result' },
  'marc.cata.row': { zh: '行号', en: 'Row' },
  'marc.cata.imported': { zh: '已导入', en: 'imported' },
  'marc.cata.noTitle': {
    zh: '表格第一行没有“题名”列，请使用下载的模板',
    en: 'The first row of the sheet has no "Title" column; use the downloaded template',
  },
  'marc.cata.copiesInvalid': {
    zh: '册数应为 1–500 的整数',
    en: 'The number of copies must be a whole number from 1 to 500',
  },
  'marc.copy.batchUnknown': {
    zh: '验收批次“{{batch}}”不存在，馆藏未归入批次',
    en: 'Acceptance batch "{{batch}}" does not exist; the copies belong to no batch',
  },
  'marc.cata.badFile': {
    zh: '无法读取该文件，请使用下载的 Excel 模板（.xlsx）',
    en: 'The file could not be read; use the downloaded Excel template (.xlsx)',
  },
  ...cataColumns,
});
