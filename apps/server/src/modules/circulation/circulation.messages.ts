import { registerMessages } from '../../platform/i18n/messages.ts';

/** Refusals of the desk and self-check commands (errorCode → circ.* key). */
registerMessages({
  'circ.copyNotFound': { zh: '未找到条码为 {{barcode}} 的馆藏', en: 'No copy has the barcode {{barcode}}' },
  'circ.copyOnLoan': { zh: '馆藏 {{barcode}} 已借出', en: 'The copy {{barcode}} is already on loan' },
  'circ.copyNotAvailable': {
    zh: '馆藏 {{barcode}} 当前不可借（{{state}}）',
    en: 'The copy {{barcode}} cannot be lent now ({{state}})',
  },
  'circ.readerNotFound': { zh: '未找到读者 {{barcode}}', en: 'No reader has the barcode {{barcode}}' },
  'circ.readerExpired': {
    zh: '读者证已于 {{date}} 过期',
    en: 'The reader card expired on {{date}}',
  },
  'circ.readerDisabled': { zh: '读者证已停用，不能借书', en: 'The reader card is disabled; no loans allowed' },
  'circ.overLimit': {
    zh: '已借 {{count}} 册，达到借阅上限 {{max}} 册',
    en: 'The reader has {{count}} loans, the limit is {{max}}',
  },
  'circ.overdueRefused': {
    zh: '读者有 {{count}} 册超期未还，不能借书',
    en: 'The reader has {{count}} overdue loans and cannot borrow',
  },
  'circ.loanNotFound': { zh: '馆藏 {{barcode}} 没有未还的借阅', en: 'The copy {{barcode}} is not on loan' },
  'circ.renewLimit': {
    zh: '已续借 {{count}} 次，达到续借上限',
    en: 'Renewed {{count}} times already; no more renewals allowed',
  },
  'circ.renewOverdueRefused': {
    zh: '该借阅已超期，按规则不能续借',
    en: 'This loan is overdue and the rules do not allow renewing it',
  },
});
