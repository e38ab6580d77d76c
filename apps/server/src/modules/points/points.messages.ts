import type { POINT_EVENTS } from '@shuyuan/contracts/points/events';
import { registerMessages } from '../../platform/i18n/messages.ts';

const EVENTS: Record<(typeof POINT_EVENTS)[number], { zh: string; en: string }> = {
  return_on_time: { zh: '按时还书', en: 'On-time return' },
  overdue_return: { zh: '逾期还书', en: 'Overdue return' },
  loss: { zh: '图书遗失', en: 'Lost item' },
  review_approved: { zh: '书评通过', en: 'Review approved' },
  share_approved: { zh: '阅读分享通过', en: 'Reading share approved' },
  clock_in: { zh: '阅读打卡', en: 'Reading clock-in' },
  clock_in_streak: { zh: '连续打卡', en: 'Clock-in streak' },
  activity_submission: { zh: '活动提交', en: 'Activity submission' },
  activity_award: { zh: '活动获奖', en: 'Activity award' },
  donation: { zh: '捐书', en: 'Book donation' },
  volunteer_hours: { zh: '志愿服务', en: 'Volunteer hours' },
  manual: { zh: '手动调整', en: 'Manual adjustment' },
};

/** Server texts of points and reading clock-in. */
registerMessages({
  ...Object.fromEntries(Object.entries(EVENTS).map(([k, v]) => [`points.event.${k}`, v])),
  'points.capInvalid': {
    zh: '上限须为 0 到 100000 的整数（0 表示不限）',
    en: 'A cap is a whole number 0–100000 (0: none)',
  },
  'points.pointsInvalid': { zh: '积分须为非零整数', en: 'Points must be a whole number other than 0' },
  'points.eventInvalid': { zh: '积分事件不正确', en: 'Unknown point event' },
  'points.dateInvalid': { zh: '日期格式应为 YYYY-MM-DD', en: 'Dates are written YYYY-MM-DD' },
  'points.reasonRequired': { zh: '请填写调整原因', en: 'Please give the reason for the adjustment' },
  'points.readerNotFound': { zh: '读者不存在', en: 'No such reader' },
  'points.notEnough': {
    zh: '积分余额 {{balance}}，不足扣除 {{points}}',
    en: 'The balance ({{balance}}) does not cover a deduction of {{points}}',
  },
  'points.file.clock': { zh: '阅读打卡', en: 'Reading clock-in' },
  'points.clock.col.minutesDay': { zh: '当日分钟', en: 'Minutes that day' },
  'points.clock.col.streak': { zh: '连续天数', en: 'Streak (days)' },
  'points.clock.col.minutesWeek': { zh: '近7天分钟', en: 'Minutes in 7 days' },
  'points.clock.col.daysWeek': { zh: '近7天打卡天数', en: 'Days in 7 days' },
  'points.clock.minutesInvalid': { zh: '阅读时长须为 1 到 240 分钟', en: 'Reading time is 1 to 240 minutes' },
  'points.clock.titleRequired': { zh: '请填写读了什么', en: 'Please say what you read' },
  'points.clock.recordNotFound': { zh: '书目不存在', en: 'No such title in the catalogue' },
  'points.clock.dayFull': {
    zh: '今天最多记录 {{max}} 分钟，还可记录 {{left}} 分钟',
    en: 'At most {{max}} minutes a day can be recorded; {{left}} left today',
  },
  'points.file.balances': { zh: '读者积分', en: 'Reader points' },
  'points.file.records': { zh: '积分记录', en: 'Point records' },
  'points.col.account': { zh: '账号', en: 'Account' },
  'points.col.name': { zh: '姓名', en: 'Name' },
  'points.col.grade': { zh: '年级', en: 'Grade' },
  'points.col.class': { zh: '班级', en: 'Class' },
  'points.col.balance': { zh: '积分余额', en: 'Balance' },
  'points.col.classRank': { zh: '班级排名', en: 'Class rank' },
  'points.col.gradeRank': { zh: '年级排名', en: 'Grade rank' },
  'points.col.day': { zh: '日期', en: 'Date' },
  'points.col.event': { zh: '事件', en: 'Event' },
  'points.col.points': { zh: '积分', en: 'Points' },
  'points.col.balanceAfter': { zh: '变动后余额', en: 'Balance after' },
  'points.col.note': { zh: '说明', en: 'Note' },
  'points.col.operator': { zh: '操作人', en: 'Operator' },
});
