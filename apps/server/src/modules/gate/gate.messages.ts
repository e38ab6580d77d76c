import { registerMessages } from '../../platform/i18n/messages.ts';

/** Server texts of the entrance's device API. */
registerMessages({
  'gate.atInvalid': {
    zh: '时间格式不正确（需带时区的ISO时间）',
    en: 'The time is not valid (an ISO time with offset)',
  },
  'gate.atOutOfRange': {
    zh: '事件时间须在最近{{days}}天内，且不能晚于现在',
    en: 'The event time must lie within the last {{days}} days and not in the future',
  },
  'gate.gateTooLong': { zh: '通道名称最多50个字符', en: 'The gate name has at most 50 characters' },
  'gate.cardTooLong': { zh: '卡号最多64个字符', en: 'The card number has at most 64 characters' },
  'gate.cardRequired': { zh: '请刷读者证', en: 'Please scan a reader card' },
  'gate.cardUnknown': { zh: '未找到此读者证，请到服务台咨询', en: 'This card is not known; please ask at the desk' },
  'gate.eventsRequired': { zh: '至少需要一条记录', en: 'At least one event is needed' },
  'gate.eventsTooMany': { zh: '一次最多500条记录', en: 'At most 500 events at a time' },
  'gate.tagRequired': { zh: '条码或标签号不能为空', en: 'The barcode or tag UID cannot be empty' },
  'gate.tagTooLong': { zh: '条码或标签号最多64个字符', en: 'The barcode or tag UID has at most 64 characters' },
});
