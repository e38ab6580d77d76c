import { registerMessages } from '../../platform/i18n/messages.ts';

/** Server texts of the periodical statistics (figures and their xlsx export). */
registerMessages({
  'serials.stats.total': { zh: '合计', en: 'Total' },
  'serials.stats.noClass': { zh: '未分类', en: 'No class' },
  'serials.stats.noPlace': { zh: '未分配馆藏地', en: 'No place' },
  'statistics.screen.magazine-statistics': { zh: '期刊统计', en: 'Magazine statistics' },
  'statistics.screen.magazine-statistics2': { zh: '报纸统计', en: 'Newspaper statistics' },
  'serialsStats.title.magazine': { zh: '期刊统计', en: 'Magazine statistics' },
  'serialsStats.title.newspaper': { zh: '报纸统计', en: 'Newspaper statistics' },
  'serialsStats.col.title': { zh: '刊名', en: 'Title' },
  'serialsStats.col.class': { zh: '中图法大类', en: 'Class' },
  'serialsStats.col.place': { zh: '馆藏地', en: 'Place' },
  'serialsStats.col.postalCode': { zh: '邮发代号', en: 'Postal code' },
  'serialsStats.col.detail': { zh: '说明', en: 'Detail' },
  'serialsStats.col.titles': { zh: '种数', en: 'Titles' },
  'serialsStats.col.copies': { zh: '订购份数', en: 'Copies ordered' },
  'serialsStats.col.money': { zh: '金额（元）', en: 'Amount (yuan)' },
  'serialsStats.col.due': { zh: '应到期数', en: 'Issues due' },
  'serialsStats.col.arrived': { zh: '实到期数', en: 'Issues arrived' },
  'serialsStats.col.arrivalRate': { zh: '到刊率', en: 'Arrival rate' },
  'serialsStats.col.missing': { zh: '缺期', en: 'Missing' },
  'serialsStats.col.claimed': { zh: '催缺期数', en: 'Claimed' },
  'serialsStats.col.loans': { zh: '借阅次数', en: 'Loans' },
  'serialsStats.col.volumes': { zh: '合订本', en: 'Bound volumes' },
});
