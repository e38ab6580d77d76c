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
  'catalogue.stateLoanOwned': {
    zh: '该馆藏为“{{from}}”，此状态由借还流程管理，不能手工修改，请在借还台办理',
    en: 'This copy is "{{from}}": circulation manages that state, so it cannot be changed by hand; use the circulation desk',
  },
  'catalogue.stateLoanOnly': {
    zh: '“{{to}}”只能由借书或预约产生，不能手工设置',
    en: '"{{to}}" comes only from a loan or a reservation at the circulation desk; it cannot be set by hand',
  },
  'catalogue.stateBindingOwned': {
    zh: '“已装订”由期刊装订管理：装订或拆除合订本时改变，不能手工设置',
    en: '"Bound" is managed by periodical binding (binding or unbinding a volume); it cannot be set by hand',
  },
  'catalogue.copyChanged': {
    zh: '该馆藏刚被他人修改，请刷新后重试',
    en: 'This copy was just changed by someone else; refresh and try again',
  },
  'catalogue.barcodeRequired': { zh: '请输入条码', en: 'Please enter the barcode' },
  'catalogue.copyNotFound': { zh: '没有该条码的馆藏', en: 'No copy has this barcode' },
  'catalogue.copyOnLoan': {
    zh: '以下馆藏在借或已预约，不能删除：{{barcodes}}',
    en: 'These copies are on loan or held for a reader and cannot be deleted: {{barcodes}}',
  },
  'catalogue.storeOnLoan': {
    zh: '馆藏 {{barcode}} 在借或已预约，不能改变库类型',
    en: 'Copy {{barcode}} is on loan or held for a reader; its store type cannot change',
  },
  'catalogue.storeRefused': {
    zh: '库类型不能从“{{from}}”改为“{{to}}”',
    en: 'A copy cannot move from "{{from}}" to "{{to}}"',
  },
  'catalogue.fieldRequired': { zh: '编目设置要求填写此项', en: 'The cataloguing settings require this field' },
  'catalogue.copies.countInvalid': { zh: '生成复本数必须大于 0', en: 'Copies to generate must be greater than 0' },
  'catalogue.ref.branch': { zh: '分馆不存在', en: 'This branch library does not exist' },
  'catalogue.ref.location': { zh: '馆藏地不存在', en: 'This location does not exist' },
  'catalogue.ref.type': { zh: '资源类型不存在', en: 'This resource type does not exist' },
  'catalogue.ref.batch': { zh: '批次不存在', en: 'This batch does not exist' },
  'catalogue.rfid.required': { zh: '请先读取 RFID 标签', en: 'Read the RFID tag first' },
  'catalogue.rfid.invalid': {
    zh: 'RFID 标签号只能包含字母、数字、“:”和“-”',
    en: 'An RFID tag id has only letters, digits, ":" and "-"',
  },
  'catalogue.rfid.taken': {
    zh: '该标签已绑定馆藏 {{barcode}}，请先解绑',
    en: 'This tag is bound to copy {{barcode}}; unbind it first',
  },
  'catalogue.afiNotSet': {
    zh: '请先在编目设置中设置 AFI 初始值',
    en: 'Please set the initial value of AFI in the editing setting first',
  },
  'catalogue.config.afiInvalid': { zh: 'AFI 为两位十六进制数，如 07', en: 'AFI is two hex digits, e.g. 07' },
  'catalogue.config.storeTypeInvalid': { zh: '库类型不正确', en: 'Unknown store type' },
  'catalogue.store.1': { zh: '编目库', en: 'Cataloguing' },
  'catalogue.store.2': { zh: '流通库', en: 'Circulation' },
  'catalogue.store.3': { zh: '剔除库', en: 'Weeded' },
  'catalogue.store.4': { zh: '荐购库', en: 'Recommended purchase' },
  'catalogue.store.5': { zh: '周转库', en: 'Turnover' },
  'catalogue.store.6': { zh: '丢失库', en: 'Lost' },
  'catalogue.store.8': { zh: '阅览库', en: 'Reading room' },
  'catalogue.store.9': { zh: '盘点库', en: 'Inventory check' },
  'catalogue.state.available': { zh: '在馆', en: 'Available' },
  'catalogue.state.borrowed': { zh: '借出', en: 'On loan' },
  'catalogue.state.lost': { zh: '丢失', en: 'Lost' },
  'catalogue.state.reserving': { zh: '预约中', en: 'Reservation waiting' },
  'catalogue.state.reserved': { zh: '已预约', en: 'On hold shelf' },
  'catalogue.state.returned-not-received': { zh: '已还未收', en: 'Returned, not received' },
  'catalogue.state.locked': { zh: '锁定', en: 'Locked' },
  'catalogue.state.bound': { zh: '已装订', en: 'Bound' },
  'catalogue.matchKey.001': { zh: '控制号 001/003 {{value}}', en: '001/003 control number {{value}}' },
  'catalogue.matchKey.035': { zh: '系统控制号 035 {{value}}', en: '035 {{value}}' },
  'catalogue.matchKey.isbn': { zh: 'ISBN {{value}}', en: 'ISBN {{value}}' },
  'catalogue.matchKey.issn': { zh: 'ISSN {{value}}', en: 'ISSN {{value}}' },
  'catalogue.matchKey.tay': {
    zh: '题名、责任者和出版年（{{value}}）',
    en: 'title, author and year ({{value}})',
  },
  'catalogue.dup.sameRecord': {
    zh: '请选择不同的书目（保留的书目不能同时被合并）',
    en: 'Choose different records (the record kept cannot also be merged away)',
  },
});
