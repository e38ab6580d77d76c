import { registerMessages } from '../../platform/i18n/messages.ts';

registerMessages({
  'reviews.tooShort': {
    zh: '内容太短：至少 {{min}} 个字（现在 {{length}} 个）',
    en: 'Too short: at least {{min}} characters ({{length}} now)',
  },
  'reviews.bannedWord': {
    zh: '内容含有不允许的词语“{{word}}”，请修改后再提交',
    en: 'The text contains the word "{{word}}", which is not allowed; please change it',
  },
  'reviews.studentCannotModerate': { zh: '学生不能审核', en: 'Students cannot moderate' },
  'reviews.ratingRange': { zh: '评分为 1 到 5 星', en: 'The rating is 1 to 5 stars' },
  'reviews.contentRequired': { zh: '请填写内容', en: 'Please write something' },
  'reviews.reasonRequired': { zh: '驳回时请填写原因', en: 'Please give the reason for the rejection' },
  'reviews.badDate': { zh: '日期格式应为 YYYY-MM-DD', en: 'Dates are written YYYY-MM-DD' },
  'reviews.file': { zh: '书评', en: 'Book reviews' },
  'reviews.col.title': { zh: '题名', en: 'Title' },
  'reviews.col.reader': { zh: '读者', en: 'Reader' },
  'reviews.col.account': { zh: '证号', en: 'Card number' },
  'reviews.col.grade': { zh: '年级', en: 'Grade' },
  'reviews.col.class': { zh: '班级', en: 'Class' },
  'reviews.col.rating': { zh: '评分', en: 'Rating' },
  'reviews.col.content': { zh: '内容', en: 'Text' },
  'reviews.col.state': { zh: '状态', en: 'State' },
  'reviews.col.reason': { zh: '驳回原因', en: 'Reason for rejection' },
  'reviews.col.reviewer': { zh: '审核人', en: 'Reviewer' },
  'reviews.col.createdAt': { zh: '提交日期', en: 'Written on' },
  'reviews.state.pending': { zh: '待审核', en: 'Pending' },
  'reviews.state.passed': { zh: '已通过', en: 'Passed' },
  'reviews.state.rejected': { zh: '已驳回', en: 'Rejected' },
});
