import { registerMessages } from '../../platform/i18n/messages.ts';

registerMessages({
  'readerMoves.upgrade.dateInvalid': { zh: '日期格式应为 YYYY-MM-DD', en: 'Dates must be YYYY-MM-DD' },
  'readerMoves.upgrade.stale': {
    zh: '班级或年级在预览之后有变动，请重新预览后再升级',
    en: 'Classes or grades changed since the preview; please preview again',
  },
  'readerMoves.upgrade.conflict': {
    zh: '“{{grade}}”已有名为“{{cls}}”的班级，请先处理后再升级',
    en: '"{{grade}}" already has a class named "{{cls}}"; resolve it before upgrading',
  },
  'readerMoves.upgrade.archiveLabel': { zh: '{{year}}届', en: 'Class of {{year}}' },
  'readerMoves.transfer.noneSelected': { zh: '请选择要调班的读者', en: 'Please choose the readers to move' },
  'readerMoves.transfer.classRequired': { zh: '请选择目标班级', en: 'Please choose the target class' },
  'readerMoves.transfer.classInvalid': { zh: '班级不存在', en: 'The class does not exist' },
  'readerMoves.transfer.classClosed': { zh: '目标班级已停用', en: 'The target class is no longer in use' },
  'readerMoves.transfer.readerMissing': {
    zh: '部分读者不存在，未做任何调整',
    en: 'Some readers do not exist; nothing was changed',
  },
});
