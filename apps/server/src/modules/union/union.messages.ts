import { registerMessages } from '../../platform/i18n/messages.ts';

/** Server texts of the union module. */
registerMessages({
  'union.nameRequired': { zh: '请输入联盟名称', en: 'Please enter the union name' },
  'union.schoolCodeRequired': { zh: '请输入学校代码', en: 'Please enter the school code' },
  'union.nameTaken': { zh: '联盟名称“{{name}}”已被使用', en: 'The union name "{{name}}" is already taken' },
  'union.notMember': { zh: '本校不是该联盟的成员', en: 'Your school is not a member of this union' },
  'union.roleNeeded': {
    zh: '只有联盟的创建者或管理员可以这样做',
    en: "Only the union's creator or administrators may do this",
  },
  'union.already': {
    zh: '本校已申请或已加入该联盟',
    en: 'Your school has already applied to or joined this union',
  },
  'union.alreadyInvited': {
    zh: '该学校已在联盟中或已有待审核的申请',
    en: 'That school is already in the union or has a pending application',
  },
  'union.schoolNotFound': { zh: '没有这个学校代码', en: 'No school has this code' },
  'union.invitedAnswers': {
    zh: '邀请由被邀请的学校确认',
    en: 'An invitation is answered by the invited school',
  },
  'union.decided': { zh: '该申请已审核过', en: 'This application has already been decided' },
  'union.creatorRole': {
    zh: '创建者的身份只能通过移交改变',
    en: "The creator's role changes only by handing the union over",
  },
  'union.notPassed': { zh: '该学校尚未通过审核', en: 'That school has not been passed yet' },
  'union.creatorCannotLeave': {
    zh: '创建者不能退出联盟：请先移交给其他成员，或解散联盟',
    en: 'The creator cannot leave: hand the union over to another member or dissolve it',
  },
  'union.notYours': {
    zh: '只能选择本校的馆藏地点和资源类型',
    en: "Choose only your school's locations and resource types",
  },
  'union.recordHeld': {
    zh: '本校已有这条书目：《{{title}}》（{{key}}）',
    en: 'Your school already has this record: {{title}} ({{key}})',
  },
  'union.remote.nameRequired': { zh: '请输入远程成员的名称', en: 'Please enter a name for the remote member' },
  'union.remote.urlRequired': { zh: '请输入 SRU 地址', en: 'Please enter the SRU address' },
  'union.remote.urlInvalid': {
    zh: 'SRU 地址应以 http:// 或 https:// 开头，不带查询参数，如 https://other.example/sru/SCHOOL',
    en: 'The SRU address starts with http:// or https://, without a query, e.g. https://other.example/sru/SCHOOL',
  },
  'union.remote.timeoutRange': { zh: '超时应在 1000–15000 毫秒之间', en: 'The timeout must be 1,000–15,000 ms' },
  'union.remote.blocked': {
    zh: '该地址位于本机或内网（{{detail}}），本服务器不允许（服务器设置 UNION_REMOTE_PRIVATE）',
    en: 'This address is on this computer or a private network ({{detail}}), which this server does not allow (server setting UNION_REMOTE_PRIVATE)',
  },
  'union.remote.unresolved': {
    zh: '找不到该地址的主机（{{detail}}）',
    en: "The address's host cannot be found ({{detail}})",
  },
  'union.remote.exists': {
    zh: '该联盟已有此地址的远程成员：{{name}}',
    en: 'The union already has a remote member at this address: {{name}}',
  },
});
