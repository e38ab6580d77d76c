import { registerMessages } from '../../platform/i18n/messages.ts';

/** Server texts of classification and book numbers. */
registerMessages({
  'classification.bookNumber.noneToLock': {
    zh: '还没有书次号，不能锁定',
    en: 'A book number cannot be locked when none exists',
  },
  'classification.bookNumber.lockedByOther': {
    zh: '书次号 {{bookNo}} 已被其他编目员锁定，请换一个书次号（锁定 {{minutes}} 分钟后失效）',
    en: 'Book number {{bookNo}} is locked by another cataloguer; choose another (a lock lapses after {{minutes}} minutes)',
  },
  'classification.bookNumber.classRequired': { zh: '请输入分类号', en: 'Please enter the classification number' },
  'classification.bookNumber.lengthTooLong': {
    zh: '种次号位数为 1 到 4 位，留空或小于 1 表示不限',
    en: 'A book number has 1 to 4 digits; empty or less than 1 means no limit',
  },
  'classification.import.codeMissing': { zh: '缺少分类号', en: 'The class code is missing' },
  'classification.import.nameMissing': { zh: '缺少类名', en: 'The class name is missing' },
  'classification.import.levelInvalid': { zh: '层级不是有效的数字', en: 'The level is not a valid number' },
  'classification.import.parentMissing': {
    zh: '上级分类号不在文件中',
    en: 'The parent class code is not in the file',
  },
  'classification.import.badJson': {
    zh: '文件不是有效的 JSON 数组',
    en: 'The file is not a valid JSON array',
  },
  'classification.import.badHeader': {
    zh: '文件首行须包含 code、name、level（及 parent）列',
    en: 'The first line must name the columns code, name, level (and parent)',
  },
  'classification.import.schoolRequired': {
    zh: '自定义分类须属于一所学校',
    en: 'A custom classification must belong to a school',
  },
  'classification.import.fileRequired': { zh: '请上传分类法文件', en: 'Please upload the classification file' },
  'classification.import.fileMissing': {
    zh: '上传的文件不存在，请重新上传',
    en: 'The uploaded file is missing; please upload it again',
  },
  'classification.import.topUnitOnly': {
    zh: '中图法和杜威分类法由全部学校共用，只有最上级单位可以导入',
    en: 'The CLC and Dewey schemes are shared by every school; only the top unit may import them',
  },
  'classification.import.refused': {
    zh: '文件有 {{n}} 处问题，未导入',
    en: 'The file has {{n}} problem(s) and was not imported',
  },
  'classification.scheme.clc': { zh: '中图法', en: 'CLC' },
  'classification.scheme.dewey': { zh: '杜威分类法', en: 'Dewey' },
  'classification.scheme.custom': { zh: '自定义分类', en: 'Custom classification' },
  'classification.custom.codeRequired': { zh: '请输入分类号', en: 'Please enter the class code' },
  'classification.custom.nameRequired': { zh: '请输入类名', en: 'Please enter the class name' },
  'classification.custom.codeTaken': { zh: '该分类号已存在', en: 'This class code already exists' },
  'classification.custom.parentMissing': { zh: '上级分类不存在', en: 'The parent class does not exist' },
  'classification.custom.hasChildren': {
    zh: '该分类下还有子类，请先删除子类',
    en: 'This class has subclasses; delete them first',
  },
});
