import { registerMessages } from '../../platform/i18n/messages.ts';

registerMessages({
  'system.transition.form.keyRequired': { zh: '请输入键', en: 'Please enter the key' },
  'system.transition.form.keyInvalid': {
    zh: '键由点分隔的字母、数字组成，如 common.ok',
    en: 'A key is dotted letters and digits, e.g. common.ok',
  },
  'system.transition.form.textRequired': {
    zh: '请至少填写中文或英文之一',
    en: 'Fill in the Chinese or the English text',
  },
  'system.transition.field.key': { zh: '键', en: 'Key' },
  'system.transition.field.zh': { zh: '中文', en: 'Chinese' },
  'system.transition.field.en': { zh: '英文', en: 'English' },
  'system.transition.field.range': { zh: '适用范围', en: 'Applies to' },
  'system.transition.range.all': { zh: '全部学校', en: 'All schools' },
  'system.transition.range.school': { zh: '本校', en: 'This school' },
  'system.transition.file': { zh: '翻译', en: 'Translations' },
  'system.transition.error.allSchools': {
    zh: '只有总校（区）管理员可以设置适用于全部学校的翻译',
    en: 'Only the district administrators can set translations for all schools',
  },
});
