import { registerMessages } from '../../platform/i18n/messages.ts';

/** Server texts of arrival (check-in), claims and distribution. */
registerMessages({
  'serials.arrival.barcodeRequired': {
    zh: '请扫描期刊封面条码或输入ISSN',
    en: 'Scan the cover barcode or type the ISSN',
  },
  'serials.arrival.copiesInvalid': {
    zh: '到刊册数须为1到200之间的整数',
    en: 'Copies arrived must be a whole number from 1 to 200',
  },
  'serials.arrival.issueNoInvalid': {
    zh: '期号须为1到1000之间的整数',
    en: 'The issue number must be a whole number from 1 to 1000',
  },
  'serials.barcode.empty': { zh: '请扫描期刊封面条码或输入ISSN', en: 'Scan the cover barcode or type the ISSN' },
  'serials.barcode.characters': {
    zh: '条码“{{code}}”含有数字以外的字符，不是期刊封面条码',
    en: 'Barcode “{{code}}” holds characters other than digits: it is not a periodical cover barcode',
  },
  'serials.barcode.length': {
    zh: '条码“{{code}}”位数不对：期刊条码为13位，可带2位或5位附加码',
    en: 'Barcode “{{code}}” has the wrong length: a periodical barcode has 13 digits, with a 2- or 5-digit add-on',
  },
  'serials.barcode.checkDigit': {
    zh: '条码“{{code}}”校验位不符，可能扫描有误，请重新扫描',
    en: 'The check digit of barcode “{{code}}” does not match: it was probably misread, scan it again',
  },
  'serials.barcode.issnCheckDigit': {
    zh: 'ISSN“{{code}}”校验位不符，请核对',
    en: 'The check character of ISSN “{{code}}” does not match: please check it',
  },
  'serials.barcode.bookIsbn': {
    zh: '条码“{{code}}”是图书的ISBN条码（978/979），不是期刊条码（977）',
    en: 'Barcode “{{code}}” is a book ISBN (978/979), not a periodical barcode (977)',
  },
  'serials.barcode.notSerial': {
    zh: '条码“{{code}}”不是以977开头的期刊条码',
    en: 'Barcode “{{code}}” is not a periodical barcode (they start with 977)',
  },
  'serials.arrival.unknownIssn': {
    zh: '期刊库中没有ISSN为{{issn}}的{{kind}}，请先在期刊库中添加',
    en: 'No {{kind}} with ISSN {{issn}} in the periodical titles: add it there first',
  },
  'serials.arrival.otherKind': {
    zh: '《{{title}}》是{{kind}}，请在{{kind}}记到中登记',
    en: '“{{title}}” is a {{kind}}: check it in on the {{kind}} check-in screen',
  },
  'serials.arrival.noSubscription': {
    zh: '《{{title}}》没有有效的订购，请先订购',
    en: '“{{title}}” has no current order: order it first',
  },
  'serials.arrival.alreadyArrived': {
    zh: '《{{title}}》{{label}}已于{{date}}记到（{{copies}}册）',
    en: '“{{title}}” {{label}} already arrived on {{date}} ({{copies}} copies)',
  },
  'serials.arrival.notFound': { zh: '该期不存在或已删除', en: 'This issue does not exist or was deleted' },
  'serials.arrival.noRecord': {
    zh: '《{{title}}》没有书目记录，无法生成单册，请在期刊库中重新保存该刊',
    en: '“{{title}}” has no catalogue record, so no copies can be made: save the title again in the periodical titles',
  },
  'serials.arrival.noYearSubscription': {
    zh: '《{{title}}》{{year}}年没有订购',
    en: '“{{title}}” is not ordered for {{year}}',
  },
  'serials.arrival.notArrived': { zh: '该期尚未记到', en: 'This issue has not arrived' },
  'serials.arrival.copiesInUse': {
    zh: '该期已有单册被借出、装订或移送（{{barcode}}），不能撤销记到',
    en: 'A copy of this issue is on loan, bound or distributed ({{barcode}}): the check-in cannot be undone',
  },
  'serials.arrival.claimArrived': {
    zh: '已记到的期次不能催缺：{{label}}',
    en: 'An issue that arrived cannot be claimed: {{label}}',
  },
  'serials.transfer.exceedsOrdered': {
    zh: '移送数量不能超过订购数量：{{place}}订购{{ordered}}册，已移送{{distributed}}册',
    en: 'Transferred quantity cannot exceed ordered copies: {{place}} ordered {{ordered}}, {{distributed}} already transferred',
  },
  'serials.transfer.notPlace': {
    zh: '{{place}}不是该刊订购的分配馆藏地',
    en: '{{place}} is not one of the places this order distributes to',
  },
  'serials.transfer.exceedsArrived': {
    zh: '移送数量不能超过未移送的到刊册数（{{left}}册）',
    en: 'You cannot transfer more than the copies arrived and not yet transferred ({{left}})',
  },
  'serials.transfer.nothing': { zh: '请填写移送数量', en: 'Enter how many copies to transfer' },
  'serials.arrival.kind.magazine': { zh: '期刊', en: 'magazine' },
  'serials.arrival.kind.newspaper': { zh: '报纸', en: 'newspaper' },
  'serials.claims.file': { zh: '催缺单', en: 'Claims' },
  'serials.claims.postalCode': { zh: '邮发代号', en: 'Postal code' },
  'serials.claims.title': { zh: '刊名', en: 'Title' },
  'serials.claims.issn': { zh: 'ISSN', en: 'ISSN' },
  'serials.claims.issue': { zh: '期次', en: 'Issue' },
  'serials.claims.expectedDate': { zh: '应到日期', en: 'Expected' },
  'serials.claims.ordered': { zh: '订购册数', en: 'Copies ordered' },
  'serials.claims.supplier': { zh: '订购渠道', en: 'Supplier' },
  'serials.claims.orderNo': { zh: '订单号', en: 'Order no.' },
  'serials.claims.claimCount': { zh: '催缺次数', en: 'Claims sent' },
  'serials.claims.claimedAt': { zh: '最近催缺', en: 'Last claimed' },
  'serials.claims.state': { zh: '状态', en: 'State' },
  'serials.arrival.state.expected': { zh: '未到', en: 'Not arrived' },
  'serials.arrival.state.late': { zh: '迟到', en: 'Late' },
  'serials.arrival.state.claimed': { zh: '已催缺', en: 'Claimed' },
  'serials.arrival.state.missing': { zh: '缺期', en: 'Missing' },
  'serials.arrival.state.arrived': { zh: '已到', en: 'Arrived' },
});
