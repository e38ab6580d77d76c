import { registerMessages } from '../../platform/i18n/messages.ts';

/** Server messages of book lists (contract issues, the import's row reasons, the export's columns). */
registerMessages({
  'booklists.nameRequired': { zh: '请填写书单名称', en: 'Please fill in the name of the list' },
  'booklists.entryTitleRequired': {
    zh: '请填写书名或 ISBN，或选择馆藏书目',
    en: 'Fill in a title or an ISBN, or choose a record',
  },
  'booklists.tooManyEntries': { zh: '一个书单最多 500 本书', en: 'A list holds at most 500 books' },
  'booklists.badRecord': { zh: '书目不存在或不属于本校', en: 'This record does not exist in the school' },
  'booklists.badGrades': { zh: '年级不存在或不属于本校', en: 'A grade does not exist in the school' },
  'booklists.fileRequired': { zh: '请上传 xlsx 文件', en: 'Upload an xlsx file' },
  'booklists.fileMissing': { zh: '上传的文件不存在，请重新上传', en: 'The uploaded file is gone; upload it again' },
  'booklists.import.badFile': { zh: '不是有效的 xlsx 文件', en: 'This is not a valid xlsx file' },
  'booklists.import.empty': { zh: '文件中没有数据', en: 'The file holds no rows' },
  'booklists.import.noHeader': {
    zh: '第一行应为表头，至少包含：{{headers}} 之一',
    en: 'The first row must be the header, with at least one of: {{headers}}',
  },
  'booklists.import.badIsbn': { zh: 'ISBN 无效：{{isbn}}', en: 'Invalid ISBN: {{isbn}}' },
  'booklists.import.noTitle': { zh: '缺少书名和 ISBN', en: 'Neither a title nor an ISBN' },
  'booklists.import.badCell': { zh: '{{column}}：{{reason}}', en: '{{column}}: {{reason}}' },
  'booklists.import.dupInFile': { zh: '与文件中前面的行重复', en: 'Repeats an earlier row of the file' },
  'booklists.wishReason': { zh: '来自推荐书单《{{name}}》', en: 'From the book list "{{name}}"' },
  'booklists.col.isbn': { zh: 'ISBN', en: 'ISBN' },
  'booklists.col.title': { zh: '书名', en: 'Title' },
  'booklists.col.author': { zh: '作者', en: 'Author' },
  'booklists.col.publisher': { zh: '出版社', en: 'Publisher' },
  'booklists.col.readingLevel': { zh: '阅读分级', en: 'Reading level' },
  'booklists.col.note': { zh: '备注', en: 'Note' },
  'booklists.col.held': { zh: '馆藏', en: 'Held' },
  'booklists.col.copies': { zh: '复本数', en: 'Copies' },
  'booklists.col.available': { zh: '在架数', en: 'On the shelf' },
  'booklists.yes': { zh: '有', en: 'Yes' },
  'booklists.no': { zh: '无', en: 'No' },
  'booklists.template': { zh: '书单导入模板', en: 'Book list import template' },
});
