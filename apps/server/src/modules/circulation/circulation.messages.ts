import { registerMessages } from '../../platform/i18n/messages.ts';

/** Refusals of the desk and self-check commands (errorCode → circ.* key). */
registerMessages({
  'circ.copyNotFound': { zh: '未找到条码为 {{barcode}} 的馆藏', en: 'No copy has the barcode {{barcode}}' },
  'circ.copyOnLoan': { zh: '馆藏 {{barcode}} 已借出', en: 'The copy {{barcode}} is already on loan' },
  'circ.copyNotAvailable': {
    zh: '馆藏 {{barcode}} 当前不可借（{{state}}）',
    en: 'The copy {{barcode}} cannot be lent now ({{state}})',
  },
  'circ.copyOnLoanSame': {
    zh: '馆藏 {{barcode}} 已借给该读者（应还日期 {{due}}）',
    en: 'The copy {{barcode}} is already on loan to this reader (due {{due}})',
  },
  'circ.copyLost': { zh: '馆藏 {{barcode}} 已登记丢失，不能借出', en: 'The copy {{barcode}} is registered as lost' },
  'circ.copyLocked': {
    zh: '馆藏 {{barcode}} 已锁定，不能借出',
    en: 'The copy {{barcode}} is locked and cannot be lent',
  },
  'circ.copyNotReceived': {
    zh: '馆藏 {{barcode}} 处于“已还未收到”状态，请先处理',
    en: 'The copy {{barcode}} is marked returned but not received; resolve that first',
  },
  'circ.copyBound': {
    zh: '期刊 {{barcode}} 已装订成合订本，请借阅合订本',
    en: 'The issue {{barcode}} is bound into a volume; lend the volume instead',
  },
  'circ.copyWeeded': { zh: '馆藏 {{barcode}} 已剔除，不能借出', en: 'The copy {{barcode}} has been weeded' },
  'circ.store.cataloguing': {
    zh: '馆藏 {{barcode}} 仍在编目库，尚未移送流通库，不能借阅或预约',
    en: 'The copy {{barcode}} is still in the cataloguing store, not yet in circulation; it cannot be lent or reserved',
  },
  'circ.store.recommended': {
    zh: '馆藏 {{barcode}} 属于荐购库（尚未入藏），不能借阅或预约',
    en: 'The copy {{barcode}} is only a recommended purchase (not yet in the collection); it cannot be lent or reserved',
  },
  'circ.store.turnover': {
    zh: '馆藏 {{barcode}} 在周转库，不能借阅或预约',
    en: 'The copy {{barcode}} is in the turnover store; it cannot be lent or reserved',
  },
  'circ.store.lost': {
    zh: '馆藏 {{barcode}} 在丢失库，不能借阅或预约；如已找回，请在“遗失找回”中办理',
    en: 'The copy {{barcode}} is in the lost store; it cannot be lent or reserved — if it turned up, use Lost and found',
  },
  'circ.store.reading': {
    zh: '馆藏 {{barcode}} 属于阅览库，仅限馆内阅览，不能外借或预约',
    en: 'The copy {{barcode}} is for in-library reading only; it cannot be lent or reserved',
  },
  'circ.store.inventory': {
    zh: '馆藏 {{barcode}} 正在清点（盘点库），清点结束前不能借阅或预约',
    en: 'The copy {{barcode}} is in an inventory check; it cannot be lent or reserved until the check ends',
  },
  'circ.store.other': {
    zh: '馆藏 {{barcode}} 不在流通库（库类型 {{store}}），不能借阅或预约',
    en: 'The copy {{barcode}} is not in the circulation store (store type {{store}}); it cannot be lent or reserved',
  },
  'circ.reservedForOther': {
    zh: '馆藏 {{barcode}} 已为其他读者预约保留',
    en: 'The copy {{barcode}} is reserved for another reader',
  },
  'circ.notInRange': {
    zh: '馆藏 {{barcode}} 不在该读者的借阅范围内',
    en: "The copy {{barcode}} is outside this reader's borrowing range",
  },
  'circ.override.reasonRequired': { zh: '请填写越过限制借出的原因', en: 'Give the reason for the override' },
  'circ.loanOfOther': {
    zh: '馆藏 {{barcode}} 借给了其他读者，不能为此读者续借',
    en: 'The copy {{barcode}} is on loan to another reader',
  },
  'circ.cardLost': {
    zh: '读者证已挂失，暂时无法使用实体卡借书',
    en: 'Currently unable to borrow books using physical cards',
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
  'circ.returnLost': {
    zh: '馆藏 {{barcode}} 已登记遗失，不能按还书处理；如已找回，请在“遗失找回”中办理',
    en: 'The copy {{barcode}} is registered as lost, not on loan; if it turned up, use Lost and found',
  },
  'circ.renewLimit': {
    zh: '已续借 {{count}} 次，达到续借上限',
    en: 'Renewed {{count}} times already; no more renewals allowed',
  },
  'circ.renewOverdueRefused': {
    zh: '该借阅已超期，按规则不能续借',
    en: 'This loan is overdue and the rules do not allow renewing it',
  },
  'circ.verify.noPassword': {
    zh: '该读者未设置密码，无法验证；请先在读者管理中设置密码',
    en: 'This reader has no password to verify; set one in reader management first',
  },
  'circ.verify.wrong': { zh: '读者密码错误', en: 'Wrong reader password' },
  'circ.verify.required': {
    zh: '本校借书需要读者验证，请先输入读者密码',
    en: 'This school asks readers to verify before borrowing; enter the reader password first',
  },
  'circ.batch.empty': { zh: '请填写条码或上传文件', en: 'Enter barcodes or upload a file' },
  'circ.batch.fileMissing': {
    zh: '找不到上传的文件，请重新上传',
    en: 'The uploaded file was not found; upload it again',
  },
  'circ.batch.fileBad': {
    zh: '文件无法读取：请上传 .xlsx、.csv 或 .txt 文件',
    en: 'The file cannot be read: upload an .xlsx, .csv or .txt file',
  },
  'circ.batch.fileEmpty': { zh: '文件中没有条码', en: 'The file holds no barcodes' },
  'circ.batch.readerMissing': { zh: '该行没有读者证号', en: 'This line has no reader barcode' },
  'circ.batch.copyMissing': { zh: '该行没有图书条码', en: 'This line has no copy barcode' },
  'circ.defer.loanNotFound': { zh: '该借阅不存在或已归还', en: 'This loan does not exist or was returned' },
  'circ.defer.limit': {
    zh: '该借阅已延期 {{max}} 次，不能再延期',
    en: 'This loan was already deferred {{max}} times; no more deferrals allowed',
  },
  'circ.defer.daysRange': { zh: '延期天数须为 1–30 天', en: 'Defer by 1 to 30 days' },
  'circ.defer.reasonRequired': { zh: '请填写延期原因', en: 'Please give the reason for the deferral' },
});
