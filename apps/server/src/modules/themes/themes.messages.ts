import { registerMessages } from '../../platform/i18n/messages.ts';

/** Server messages of theme reading (contract issues, refusals, the certificate). */
registerMessages({
  'themes.titleRequired': { zh: '请填写标题', en: 'Please fill in the title' },
  'themes.taskTitleRequired': { zh: '请填写任务名称', en: 'Please fill in the task name' },
  'themes.taskKindRequired': { zh: '请选择任务类型', en: 'Choose the kind of task' },
  'themes.badCount': { zh: '数量应为 1 到 50', en: 'The number must be from 1 to 50' },
  'themes.badDate': { zh: '日期格式应为 YYYY-MM-DD', en: 'Dates are written YYYY-MM-DD' },
  'themes.startRequired': { zh: '请选择开始日期', en: 'Choose the start day' },
  'themes.endRequired': { zh: '请选择结束日期', en: 'Choose the end day' },
  'themes.endBeforeStart': { zh: '结束日期不能早于开始日期', en: 'The end day cannot be before the start day' },
  'themes.tooManyTasks': { zh: '任务最多 20 个', en: 'At most 20 tasks' },
  'themes.themeRequired': { zh: '请选择主题', en: 'Choose a theme' },
  'themes.badScore': { zh: '评分应为 0 到 100', en: 'The score must be from 0 to 100' },
  'themes.reasonRequired': { zh: '驳回时请填写原因', en: 'Give a reason for rejecting' },
  'themes.idRequired': { zh: '请指定主题或活动', en: 'Name a theme or an activity' },
  'themes.badBooks': { zh: '书单中有不属于本馆的书目', en: 'The book list holds a record that is not this library’s' },
  'themes.badGrades': { zh: '年级不存在', en: 'A grade does not exist' },
  'themes.badClasses': { zh: '班级不存在', en: 'A class does not exist' },
  'themes.activityOutside': {
    zh: '活动时间须在主题时间内（{{start}} 至 {{end}}）',
    en: 'The activity must lie within the theme’s period ({{start}} to {{end}})',
  },
  'themes.taskInUse': {
    zh: '该任务已有读者提交作品，不能删除',
    en: 'Readers have submitted work for this task: it cannot be removed',
  },
  'themes.themeInUse': {
    zh: '已有读者参加该主题，不能删除',
    en: 'Readers have joined this theme: it cannot be deleted',
  },
  'themes.noTasks': {
    zh: '“{{title}}”还没有任务，不能发布',
    en: '“{{title}}” has no task yet: it cannot be published',
  },
  'themes.noBooks': {
    zh: '“{{title}}”有阅读或书评任务，请先添加书单',
    en: '“{{title}}” has reading or review tasks: add its book list first',
  },
  'themes.alreadyJudged': { zh: '该作品已评审', en: 'This submission has already been judged' },
  'themes.notRunning': { zh: '活动不在进行中', en: 'This activity is not running' },
  'themes.notEligible': { zh: '该主题不面向你所在的年级或班级', en: 'This theme is not open to your grade or class' },
  'themes.joinFirst': { zh: '请先参加该主题', en: 'Join the theme first' },
  'themes.pictureRequired': { zh: '请上传图片', en: 'Please upload a picture' },
  'themes.badPicture': { zh: '图片须为本校上传的图片', en: 'The picture must be uploaded to this school' },
  'themes.textRequired': { zh: '请填写内容', en: 'Please write something' },
  'themes.tooManyPending': {
    zh: '该任务已有 {{n}} 份作品等待老师评审',
    en: '{{n}} submissions for this task are already waiting for a teacher',
  },
  'themes.notCompleted': { zh: '尚未完成该主题的全部任务', en: 'Not every task of this theme is done yet' },
  'themes.cert.title': { zh: '荣誉证书', en: 'Certificate' },
  'themes.cert.body': {
    zh: '{{name}} 同学：\n在“{{theme}}”主题阅读活动（{{start}} 至 {{end}}）中完成了全部阅读任务，特发此证，以资鼓励。',
    en: '{{name}}\ncompleted every task of the reading theme “{{theme}}” ({{start}} to {{end}}).\nWell done!',
  },
});
