import { registerMessages } from '../../platform/i18n/messages.ts';
import './lib/printing.messages.ts';

/** Messages of the printing module (rules, templates, ranges, jobs); the library's own are in lib/. */
registerMessages({
  'printing.rule.missing': {
    zh: '尚未设置条码规则，请先在“条码预印 → 条码规则”中设置',
    en: 'No barcode rule is set yet; set one first under “Barcode pre-printing → Barcode rules”',
  },
  'printing.rule.full': {
    zh: '条码规则（前缀 {{prefix}}，长度 {{length}}）的号码已用完，请修改规则',
    en: 'The barcode rule (prefix {{prefix}}, length {{length}}) has no numbers left; change the rule',
  },
  'printing.rule.lengthTooShort': {
    zh: '条码长度必须大于前缀和校验位的长度',
    en: 'The barcode length must leave room after the prefix and the check digit',
  },
  'printing.rule.kind.book': { zh: '图书条码', en: 'Book barcodes' },
  'printing.rule.kind.reader': { zh: '读者证号', en: 'Reader card numbers' },
  'printing.template.notFound': { zh: '打印模板不存在', en: 'Print template not found' },
  'printing.template.name': { zh: '模板名称', en: 'Template name' },
  'printing.template.lastOfKind': {
    zh: '这是该类型的最后一个模板，不能删除',
    en: 'This is the last template of its kind and cannot be deleted',
  },
  'printing.template.kind.spine': { zh: '书标（索书号）', en: 'Spine label (call number)' },
  'printing.template.kind.barcode': { zh: '条码标签', en: 'Barcode label' },
  'printing.template.kind.readerCard': { zh: '读者证', en: 'Reader card' },
  'printing.template.kindWrong': {
    zh: '所选模板不能用于此类打印',
    en: 'The chosen template cannot be used for this kind of printing',
  },
  'printing.range.overlap': {
    zh: '与已有预印范围重叠：{{ranges}}',
    en: 'Overlaps existing pre-printed ranges: {{ranges}}',
  },
  'printing.range.ruleMismatch': {
    zh: '生成的条码不符合图书条码规则：{{message}}',
    en: 'The generated barcodes break the book barcode rule: {{message}}',
  },
  'printing.range.notFound': { zh: '预印范围不存在', en: 'Pre-printed range not found' },
  'printing.range.inUse': {
    zh: '该范围内已有 {{count}} 个条码被馆藏使用，不能删除',
    en: '{{count}} barcodes of this range are already used by copies; it cannot be deleted',
  },
  'printing.job.fromRequired': { zh: '请输入起始值', en: 'Please enter the first value' },
  'printing.job.toRequired': { zh: '请输入结束值', en: 'Please enter the last value' },
  'printing.job.batchRequired': { zh: '请选择批次', en: 'Please choose a batch' },
  'printing.job.keyRequired': { zh: '请输入检索词', en: 'Please enter a search term' },
  'printing.job.callNumberRequired': { zh: '请输入索书号', en: 'Please enter the call number' },
  'printing.job.templateRequired': { zh: '请选择打印模板', en: 'Please choose a print template' },
  'printing.job.fileSpine': { zh: '书标', en: 'spine-labels' },
  'printing.job.fileBarcode': { zh: '条码标签', en: 'barcode-labels' },
  'printing.job.fileReaderCard': { zh: '读者证', en: 'reader-cards' },
  'printing.job.filePreprint': { zh: '预印条码', en: 'preprinted-barcodes' },
});
