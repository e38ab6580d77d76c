import { registerMessages } from '../../platform/i18n/messages.ts';

registerMessages({
  'classCorner.corner.nameRequired': { zh: '请输入图书角名称', en: 'Please enter the corner name' },
  'classCorner.corner.classRequired': { zh: '请选择班级', en: 'Please choose a class' },
  'classCorner.corner.locationRequired': { zh: '请选择馆藏地', en: 'Please choose a collection location' },
  'classCorner.corner.required': { zh: '请选择图书角', en: 'Please choose a class corner' },
  'classCorner.corner.class': { zh: '班级', en: 'Class' },
  'classCorner.corner.location': { zh: '馆藏地', en: 'Collection location' },
  'classCorner.corner.classInvalid': { zh: '班级不存在', en: 'The class does not exist' },
  'classCorner.corner.locationInvalid': { zh: '馆藏地不存在', en: 'The collection location does not exist' },
  'classCorner.corner.librarianInvalid': { zh: '图书管理员不存在', en: 'The class librarian does not exist' },
  'classCorner.corner.notFound': { zh: '图书角不存在', en: 'The class corner does not exist' },
  'classCorner.lend.notInClass': { zh: '该读者不是本班学生', en: 'The reader is not a student of this class' },
  'classCorner.lend.notInCorner': { zh: '该图书不属于本图书角', en: 'This book does not belong to this corner' },
  'classCorner.lend.empty': { zh: '请至少添加一本图书', en: 'Please add at least one book' },
  'classCorner.lend.tooMany': { zh: '一次最多处理 500 本', en: 'At most 500 books at a time' },
  'classCorner.return.empty': { zh: '请扫描要归还的图书', en: 'Please scan the books to return' },
  'classCorner.rank.dayInvalid': { zh: '日期格式应为 YYYY-MM-DD', en: 'Dates must be YYYY-MM-DD' },
});
