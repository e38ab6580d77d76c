import { registerMessages } from '../../platform/i18n/messages.ts';

/** Server texts of titles, subscriptions, orders and renewal (arrival keeps its own in arrival.messages.ts). */
registerMessages({
  'serials.pattern.frequencyRequired': { zh: '请选择刊期', en: 'Please choose the frequency' },
  'serials.pattern.firstDateRequired': { zh: '请填写首期出版日期', en: 'Please enter the date of the first issue' },
  'serials.pattern.firstDateInvalid': { zh: '首期出版日期格式不正确', en: 'The date of the first issue is not valid' },
  'serials.pattern.firstIssueRequired': { zh: '请填写首期期号', en: 'Please enter the number of the first issue' },
  'serials.pattern.firstIssueInvalid': {
    zh: '期号须为1到1000之间的整数',
    en: 'The issue number must be a whole number from 1 to 1000',
  },
  'serials.pattern.volumeInvalid': { zh: '卷号须为正整数', en: 'The volume must be a positive whole number' },
  'serials.pattern.wholeInvalid': { zh: '总期号须为正整数', en: 'The whole number must be a positive whole number' },
  'serials.pattern.perYearInvalid': {
    zh: '每年期数须为1到366之间的整数',
    en: 'Issues per year must be a whole number from 1 to 366',
  },
});
