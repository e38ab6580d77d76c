import { registerMessages } from '../../platform/i18n/messages.ts';

/** The catalogue records export (P/Catalogue/ExportRecords): file name and column headers. */
registerMessages({
  'catalogue.recordExport.file': { zh: '书目', en: 'Catalogue records' },
  'catalogue.recordCol.title': { zh: '题名', en: 'Title' },
  'catalogue.recordCol.parallelTitle': { zh: '并列题名', en: 'Parallel title' },
  'catalogue.recordCol.author': { zh: '责任者', en: 'Author' },
  'catalogue.recordCol.responsibility': { zh: '责任说明', en: 'Statement of responsibility' },
  'catalogue.recordCol.edition': { zh: '版次', en: 'Edition' },
  'catalogue.recordCol.publisher': { zh: '出版社', en: 'Publisher' },
  'catalogue.recordCol.pubPlace': { zh: '出版地', en: 'Place of publication' },
  'catalogue.recordCol.pubYear': { zh: '出版年', en: 'Year' },
  'catalogue.recordCol.isbn': { zh: 'ISBN', en: 'ISBN' },
  'catalogue.recordCol.issn': { zh: 'ISSN', en: 'ISSN' },
  'catalogue.recordCol.classNo': { zh: '分类号', en: 'Class number' },
  'catalogue.recordCol.bookNo': { zh: '书次号', en: 'Book number' },
  'catalogue.recordCol.price': { zh: '价格（元）', en: 'Price (yuan)' },
  'catalogue.recordCol.language': { zh: '语种', en: 'Language' },
  'catalogue.recordCol.pages': { zh: '页数', en: 'Pages' },
  'catalogue.recordCol.series': { zh: '丛书', en: 'Series' },
  'catalogue.recordCol.subjects': { zh: '主题词', en: 'Subjects' },
  'catalogue.recordCol.resourceType': { zh: '资源类型', en: 'Resource type' },
  'catalogue.recordCol.copies': { zh: '馆藏册数', en: 'Copies' },
});
