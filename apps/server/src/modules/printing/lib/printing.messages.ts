import { registerMessages } from '../../../platform/i18n/messages.ts';

/** Messages of the printing library and of the printing contracts (packages/contracts/src/printing). */
registerMessages({
  'printing.barcode.required': { zh: '请输入条码号', en: 'Please enter the barcode' },
  'printing.barcode.prefixInvalid': {
    zh: '条码前缀只能包含字母和数字',
    en: 'The barcode prefix may contain letters and digits only',
  },
  'printing.barcode.prefixWrong': { zh: '条码前缀应为 {{prefix}}', en: 'The barcode must start with {{prefix}}' },
  'printing.barcode.lengthWrong': {
    zh: '条码长度应为 {{length}} 位',
    en: 'The barcode must be {{length}} characters long',
  },
  'printing.barcode.notNumeric': {
    zh: '条码前缀之后只能是数字',
    en: 'The barcode must contain only digits after the prefix',
  },
  'printing.barcode.checkDigitWrong': {
    zh: '条码校验位错误，请检查是否输错',
    en: 'Wrong barcode check digit, please check for a typing error',
  },
  'printing.barcode.unprintable': {
    zh: '条码 {{barcode}} 无法以 {{type}} 码制打印',
    en: 'Barcode {{barcode}} cannot be printed as {{type}}',
  },
  'printing.range.startRequired': { zh: '请输入起始流水号', en: 'Please enter the start sequence number' },
  'printing.range.endRequired': { zh: '请输入结束流水号', en: 'Please enter the end sequence number' },
  'printing.range.copiesPositive': { zh: '生成数量必须大于0', en: 'Copies to generate must be greater than 0' },
  'printing.range.widthTooSmall': {
    zh: '流水号位数不足以容纳结束流水号',
    en: 'The sequence width is too small for the end sequence number',
  },
  'printing.template.nameRequired': { zh: '请输入模板名称', en: 'Please enter the template name' },
  'printing.template.itemsRequired': {
    zh: '打印项不能为空，无法保存模板',
    en: 'A template with no print items cannot be saved',
  },
  'printing.template.itemsDuplicate': { zh: '打印项不能重复', en: 'A print item can be chosen only once' },
  'printing.template.gridTooLarge': {
    zh: '标签排列超出纸张范围，请检查标签尺寸、行列数、边距和间距',
    en: 'The labels do not fit on the page; check label size, rows, columns, margins and gaps',
  },
  'printing.template.startPositionTooLarge': {
    zh: '起始位置超出每页标签数',
    en: 'The start position is beyond the labels on one sheet',
  },
  'printing.job.limit': { zh: '每次最多打印5000条记录', en: 'At most 5000 records can be printed at a time' },
  'printing.job.dataInvalid': { zh: '打印数据无效，请重新选择', en: 'The print data is invalid, please select again' },
  'printing.job.failed': { zh: '打印失败，请重试', en: 'Print failed, please retry' },
  'printing.font.missing': {
    zh: '服务器缺少中文字体，无法打印（已查找：{{paths}}）。请安装 fonts-wqy-microhei 或设置 SHUYUAN_CJK_FONT',
    en: 'No Chinese font on the server, cannot print (looked in: {{paths}}). Install fonts-wqy-microhei or set SHUYUAN_CJK_FONT',
  },
});
