import { registerMessages } from '../../platform/i18n/messages.ts';

/** Server texts of /borrow-permission and /borrow-range-mana (validation keys are shared with the web forms). */
registerMessages({
  'circRules.rule.fineRange': {
    zh: '罚款金额应为 0 或正数（每天最多 1000 元）',
    en: 'The fine must be 0 or a positive amount (at most 1,000 a day)',
  },
  'circRules.rule.fineGraceRange': { zh: '宽限天数应为 0–365 的整数', en: 'Grace days must be a whole number 0–365' },
  'circRules.rule.maxLoansRange': { zh: '最大借阅量应为 0–999 的整数', en: 'Max loans must be a whole number 0–999' },
  'circRules.rule.loanDaysRange': { zh: '借阅天数应为 1–3650 的整数', en: 'Loan days must be a whole number 1–3650' },
  'circRules.rule.renewDaysRange': {
    zh: '续借天数应为 0–3650 的整数',
    en: 'Renewal days must be a whole number 0–3650',
  },
  'circRules.rule.maxRenewalsRange': {
    zh: '续借次数应为 0–99 的整数',
    en: 'Renewal times must be a whole number 0–99',
  },
  'circRules.rule.scope': { zh: '适用范围', en: 'Scope' },
  'circRules.rule.groupInvalid': { zh: '读者权限组不存在', en: 'The permission group does not exist' },
  'circRules.rule.resourceTypeInvalid': { zh: '资源类型不存在', en: 'The resource type does not exist' },
  'circRules.rule.locationInvalid': { zh: '馆藏地不存在', en: 'The collection location does not exist' },
  'circRules.rule.lastCatchAll': {
    zh: '通用规则（所有范围均为“任意”）是兜底规则，不能删除',
    en: 'The general rule (every scope "any") is the fallback and cannot be deleted',
  },
  'circRules.rule.readerNotFound': { zh: '读者不存在', en: 'Reader Not Found' },
  'circRules.rule.copyNotFound': { zh: '馆藏不存在', en: 'Resource does not exist' },
  'circRules.range.scope': { zh: '适用范围', en: 'Scope' },
  'circRules.range.locationInvalid': {
    zh: '馆藏地 {{ids}} 不存在',
    en: 'Collection location(s) {{ids}} do not exist',
  },
  'circRules.range.resourceTypeInvalid': {
    zh: '资源类型 {{ids}} 不存在',
    en: 'Resource type(s) {{ids}} do not exist',
  },
  'circRules.calendar.dayInvalid': { zh: '日期格式应为 YYYY-MM-DD', en: 'Dates must be YYYY-MM-DD' },
  'circRules.calendar.rangeInvalid': {
    zh: '请填写有效的开始和结束日期',
    en: 'Please give a valid start and end date',
  },
  'circRules.calendar.rangeTooLong': {
    zh: '一次最多设置一年的日期',
    en: 'At most one year can be set at a time',
  },
});
