import { registerMessages } from '../../platform/i18n/messages.ts';

/** Server texts of year orders, subscriptions (patterns, prediction) and renewal. */
registerMessages({
  'serials.order.file': { zh: '{{year}}年期刊订购清单', en: 'Periodical order list {{year}}' },
  'serials.order.year': { zh: '年度', en: 'Year' },
  'serials.order.copies': { zh: '订购份数', en: 'Copies' },
  'serials.order.total': { zh: '总价（元）', en: 'Total (yuan)' },
  'serials.order.places': { zh: '分配馆藏地', en: 'Distribution places' },
  'serials.order.supplier': { zh: '订购渠道', en: 'Supplier' },
  'serials.order.orderNo': { zh: '订单号', en: 'Order number' },
  'serials.order.sum': { zh: '合计 {{titles}} 种', en: 'Total: {{titles}} titles' },
  'serials.order.signatures': {
    zh: '订购人：__________    审核：__________    日期：__________',
    en: 'Ordered by: __________    Checked by: __________    Date: __________',
  },
  'serials.order.yearRequired': { zh: '请填写订购年度', en: 'Please enter the year' },
  'serials.order.yearInvalid': { zh: '年度须在2000到2100之间', en: 'The year must lie between 2000 and 2100' },
  'serials.order.copiesRequired': { zh: '请填写订购份数', en: 'Please enter the number of copies ordered' },
  'serials.order.copiesInvalid': {
    zh: '订购份数须为1到10000之间的整数',
    en: 'Copies must be a whole number from 1 to 10000',
  },
  'serials.order.titleRequired': { zh: '请选择期刊', en: 'Please choose the title' },
  'serials.order.placeRequired': { zh: '请选择馆藏地', en: 'Please choose the location' },
  'serials.order.placeCopiesInvalid': {
    zh: '分配份数须为正整数',
    en: 'Copies for a place must be a positive whole number',
  },
  'serials.order.placeTwice': { zh: '同一馆藏地只能分配一次', en: 'Each location can be given copies only once' },
  'serials.order.placesExceed': {
    zh: '移送/分配数量不能超过订购份数',
    en: 'Transferred/distributed quantity cannot exceed ordered copies',
  },
  'serials.order.duplicate': {
    zh: '《{{title}}》{{year}}年已有订购，不能重复订购',
    en: '"{{title}}" is already ordered for {{year}}',
  },
  'serials.order.yearLocked': {
    zh: '已生成期次的订购不能更改年度',
    en: 'The year cannot change once issues have been predicted for the order',
  },
  'serials.order.hasArrivals': {
    zh: '《{{title}}》{{year}}年已有到刊，不能删除该订购',
    en: '"{{title}}" {{year}} has issues checked in; the order cannot be deleted',
  },
  'serials.subscription.noPattern': {
    zh: '请先设置并保存出版规律',
    en: 'Please set and save the numbering pattern first',
  },
  'serials.subscription.irregular': {
    zh: '不定期刊物无法预测期次，请在记到时手工登记',
    en: 'Irregular titles cannot be predicted; check their issues in by hand',
  },
  'serials.renew.toYearAfter': { zh: '续订年度须晚于原年度', en: 'The renewal year must come after the year renewed' },
  'serials.renew.nothing': {
    zh: '请至少选择一种期刊续订或新增',
    en: 'Please pick at least one order to renew or title to add',
  },
  'serials.renew.notThisYear': {
    zh: '所选订购不属于该年度',
    en: 'Some of the picked orders are not of the year renewed',
  },
  'serials.renew.titleTwice': {
    zh: '同一期刊在续订中出现了两次',
    en: 'A title appears twice in the renewal',
  },
});
