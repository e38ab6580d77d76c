import { registerMessages } from '../../platform/i18n/messages.ts';

/** Server texts of basic data: field labels (duplicate messages, export headers) and validation messages. */
registerMessages({
  'basic.branch.nameRequired': { zh: '请输入分馆名称', en: 'Please enter the branch library name' },
  'basic.branch.codeRequired': { zh: '请输入分馆代码', en: 'Please enter the branch code' },
  'basic.branch.code': { zh: '分馆代码', en: 'Branch code' },
  'basic.branch.hasLocations': {
    zh: '该分馆下还有馆藏地，不能删除',
    en: 'This branch still has collection locations and cannot be deleted',
  },
  'basic.resourceType.nameRequired': { zh: '请输入资源类型名称', en: 'Please enter the resource type name' },
  'basic.resourceType.codeRequired': { zh: '请输入资源类型代码', en: 'Please enter the resource type code' },
  'basic.resourceType.code': { zh: '资源类型代码', en: 'Resource type code' },
  'basic.location.nameRequired': { zh: '请输入馆藏地名称', en: 'Please enter the location name' },
  'basic.location.codeRequired': { zh: '请输入馆藏地代码', en: 'Please enter the location code' },
  'basic.location.branchRequired': { zh: '请选择分馆', en: 'Please choose a branch library' },
  'basic.location.code': { zh: '馆藏地代码', en: 'Location code' },
  'basic.location.hasShelves': {
    zh: '该馆藏地下还有书架或书架区域，不能删除',
    en: 'This location still has shelves or shelf areas and cannot be deleted',
  },
  'basic.shelf.codeRequired': { zh: '请输入书架号', en: 'Please enter the shelf number' },
  'basic.shelf.barcodeRequired': { zh: '请输入书架条码', en: 'Please enter the shelf barcode' },
  'basic.shelf.locationRequired': { zh: '请选择馆藏地', en: 'Please choose a collection location' },
  'basic.shelf.code': { zh: '书架号', en: 'Shelf number' },
  'basic.shelf.barcode': { zh: '书架条码', en: 'Shelf barcode' },
  'basic.shelf.hasPositions': {
    zh: '该书架下还有架位，不能删除',
    en: 'This shelf still has shelf positions and cannot be deleted',
  },
  'basic.shelfPosition.codeRequired': { zh: '请输入架位号', en: 'Please enter the position code' },
  'basic.shelfPosition.shelfRequired': { zh: '请选择书架', en: 'Please choose a shelf' },
  'basic.shelfPosition.code': { zh: '架位号', en: 'Position code' },
  'basic.shelfArea.nameRequired': { zh: '请输入馆藏区域', en: 'Please enter the collection area' },
  'basic.shelfArea.name': { zh: '区域名称', en: 'Area name' },
  'validation.dateInvalid': { zh: '日期格式不正确', en: 'Invalid date' },
});
