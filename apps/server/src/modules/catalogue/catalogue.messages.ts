import { registerMessages } from '../../platform/i18n/messages.ts';
// Barcode rule messages (printing.barcode.*) answer the copy form too.
import '../printing/lib/printing.messages.ts';

/** Server texts of the catalogue: record and copy validation, copy state changes. */
registerMessages({
  'catalogue.titleRequired': { zh: '请输入题名', en: 'Please enter the title' },
  'catalogue.isbnInvalid': { zh: 'ISBN 格式或校验位不正确', en: 'The ISBN is not valid (format or check digit)' },
  'catalogue.priceInvalid': {
    zh: '价格应为不小于 0 的数字（元）',
    en: 'The price must be a number (yuan) of 0 or more',
  },
  'catalogue.yearInvalid': { zh: '出版年应为整数', en: 'The publication year must be a whole number' },
  'catalogue.pagesInvalid': { zh: '页数应为整数', en: 'The number of pages must be a whole number' },
  'catalogue.barcodeCount': {
    zh: '条码个数应与复本数一致',
    en: 'Give one barcode for each copy',
  },
  'catalogue.barcodeTaken': { zh: '条码 {{barcode}} 已被使用', en: 'The barcode {{barcode}} is already in use' },
  'catalogue.stateRefused': {
    zh: '馆藏状态不能从“{{from}}”变为“{{to}}”',
    en: 'A copy cannot go from "{{from}}" to "{{to}}"',
  },
  'catalogue.copyChanged': {
    zh: '该馆藏刚被他人修改，请刷新后重试',
    en: 'This copy was just changed by someone else; refresh and try again',
  },
});
