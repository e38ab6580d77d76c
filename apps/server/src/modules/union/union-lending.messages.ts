import { registerMessages } from '../../platform/i18n/messages.ts';

/** Server texts of union lending (README "Union lending"). */
registerMessages({
  'union.return.atUnionDesk': {
    zh: '馆藏 {{barcode}} 是联盟互借图书（{{school}}）：请在“联盟还书”中归还',
    en: 'The copy {{barcode}} is on a union loan ({{school}}): take it back on Union → Return',
  },
  'union.lend.barcodeRequired': { zh: '请扫描或输入条码', en: 'Please scan or enter the barcode' },
  'union.lend.cardRequired': { zh: '请输入读者证号', en: "Please enter the reader's card number" },
  'union.lend.badDate': { zh: '日期格式应为 YYYY-MM-DD', en: 'Dates are written YYYY-MM-DD' },
  'union.lend.notLending': {
    zh: '{{school}}未向联盟开放外借',
    en: '{{school}} does not lend to the union',
  },
  'union.lend.readerSchoolNotMember': {
    zh: '读者所在学校不是该联盟的成员',
    en: "The reader's school is not a member of this union",
  },
  'union.lend.ownReader': {
    zh: '这是本校读者：请在本校借书台借出',
    en: "This is your own school's reader: lend at your own lending desk",
  },
  'union.lend.ownCopy': {
    zh: '本校有这本书：请在本校借书台借出',
    en: 'Your school holds this title: lend it at your own lending desk',
  },
  'union.lend.noCopy': {
    zh: '{{school}}没有可向联盟外借的《{{title}}》',
    en: '{{school}} has no copy of {{title}} that lends to the union',
  },
  'union.lend.notShared': {
    zh: '馆藏 {{barcode}} 不向联盟外借（馆藏地点、资源类型或资源规则）',
    en: 'The copy {{barcode}} does not lend to the union (its location, resource type or resource rules)',
  },
  'union.lend.wrongCopy': {
    zh: '馆藏 {{barcode}} 不是所申请的《{{title}}》',
    en: 'The copy {{barcode}} is not of the title asked for: {{title}}',
  },
  'union.lend.overUnionLimit': {
    zh: '该读者已有 {{count}} 册联盟借阅或申请（联盟上限 {{max}} 册）',
    en: 'The reader already has {{count}} union loans or requests (the union allows {{max}})',
  },
  'union.lend.overHomeLimit': {
    zh: '该读者在本校及联盟共借 {{count}} 册，已达本校上限 {{max}} 册',
    en: "The reader has {{count}} loans at home and in the union: their school's limit is {{max}}",
  },
  'union.lend.overdue': {
    zh: '该读者有 {{count}} 册联盟借阅已逾期，请先归还',
    en: 'The reader has {{count}} overdue union loans: return them first',
  },
  'union.lend.alreadyAsked': {
    zh: '该读者已申请过《{{title}}》',
    en: 'The reader has already asked for {{title}}',
  },
  'union.lend.wrongState': {
    zh: '该联盟借阅当前为“{{state}}”，不能这样操作',
    en: 'This union loan is "{{state}}": that step does not apply',
  },
  'union.lend.notOnLoan': {
    zh: '馆藏 {{barcode}} 没有联盟借阅',
    en: 'The copy {{barcode}} is not on a union loan',
  },
  'union.lend.ambiguous': {
    zh: '有多册联盟借阅的条码是 {{barcode}}：请在列表中选择',
    en: 'Several union loans have the barcode {{barcode}}: pick one in the list',
  },
  'union.lend.state.requested': { zh: '已申请', en: 'requested' },
  'union.lend.state.transit': { zh: '运送中', en: 'in transit' },
  'union.lend.state.shelf': { zh: '在预约架', en: 'on the hold shelf' },
  'union.lend.state.lent': { zh: '已借出', en: 'lent' },
  'union.lend.state.returned': { zh: '已还', en: 'returned' },
  'union.lend.state.homebound': { zh: '运回中', en: 'on the way home' },
  'union.lend.state.back': { zh: '已归还原馆', en: 'back home' },
  'union.lend.state.cancelled': { zh: '已取消', en: 'cancelled' },
  'union.lend.state.refused': { zh: '已拒绝', en: 'refused' },
  'union.lend.file': { zh: '联盟借阅记录', en: 'Union loan records' },
  'union.lend.balanceFile': { zh: '联盟借入借出', en: 'Union lending and borrowing' },
  'union.lend.col.union': { zh: '联盟', en: 'Union' },
  'union.lend.col.owner': { zh: '借出馆', en: 'Lending school' },
  'union.lend.col.borrower': { zh: '借入馆', en: 'Borrowing school' },
  'union.lend.col.title': { zh: '题名', en: 'Title' },
  'union.lend.col.barcode': { zh: '条码', en: 'Barcode' },
  'union.lend.col.reader': { zh: '读者', en: 'Reader' },
  'union.lend.col.card': { zh: '证号', en: 'Card number' },
  'union.lend.col.state': { zh: '状态', en: 'State' },
  'union.lend.col.via': { zh: '方式', en: 'How' },
  'union.lend.col.requestedAt': { zh: '申请时间', en: 'Requested' },
  'union.lend.col.lentAt': { zh: '借出时间', en: 'Lent' },
  'union.lend.col.dueDate': { zh: '应还日期', en: 'Due' },
  'union.lend.col.overdueDays': { zh: '逾期天数', en: 'Days overdue' },
  'union.lend.col.returnedAt': { zh: '归还时间', en: 'Returned' },
  'union.lend.col.backAt': { zh: '回到原馆', en: 'Back home' },
  'union.lend.col.loans': { zh: '借阅册数', en: 'Loans' },
  'union.lend.col.open': { zh: '在借', en: 'Out now' },
  'union.lend.col.overdue': { zh: '逾期', en: 'Overdue' },
  'union.lend.via.desk': { zh: '到馆借阅', en: 'At the desk' },
  'union.lend.via.request': { zh: '馆际传递', en: 'Delivered' },
});
