import { registerMessages } from '../../platform/i18n/messages.ts';

/** Server texts of the public search site and the readers' personal area. */
registerMessages({
  'opac.closed': {
    zh: '本校的公共检索站未开放',
    en: "This school's public search site is closed",
  },
  'opac.schoolNotFound': { zh: '学校不存在，请检查学校代码', en: 'No such school; please check the school code' },
  'opac.search.yearRange': { zh: '结束年份不能早于开始年份', en: 'The end year cannot be before the start year' },
  'opac.readerOnly': {
    zh: '个人中心只对读者开放',
    en: 'The personal area is for readers',
  },
  'opac.notYourLoan': { zh: '这不是您的借阅', en: 'This is not one of your loans' },
  'opac.notYourReservation': { zh: '这不是您的预约', en: 'This is not one of your reservations' },
  'opac.notYourChild': { zh: '只能查看与您关联的孩子', en: 'You can only see the children linked to you' },
  'opac.history.file': { zh: '我的借阅历史', en: 'My loan history' },
  'opac.history.title': { zh: '书名', en: 'Title' },
  'opac.history.barcode': { zh: '条码', en: 'Barcode' },
  'opac.history.borrowedAt': { zh: '借出时间', en: 'Borrowed' },
  'opac.history.dueDate': { zh: '应还日期', en: 'Due' },
  'opac.history.returnedAt': { zh: '归还时间', en: 'Returned' },
  'opac.history.renewals': { zh: '续借次数', en: 'Renewals' },
  'opac.history.author': { zh: '责任者', en: 'Author' },
  'opac.history.overdueDays': { zh: '超期天数', en: 'Days overdue' },
  'opac.kioskOnly': {
    zh: '读者卡只能在本校已登记的导读终端上查看',
    en: "A reader's card can be looked up only on a kiosk registered to this school",
  },
  'opac.kioskBusy': {
    zh: '查询过于频繁，请稍后再试',
    en: 'Too many look-ups; please try again in a minute',
  },
});
