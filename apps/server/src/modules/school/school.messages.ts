import { registerMessages } from '../../platform/i18n/messages.ts';

registerMessages({
  'system.company.form.nameRequired': { zh: '请输入学校名称', en: 'Please enter the school name' },
  'system.company.form.codeRequired': { zh: '请输入学校代码', en: 'Please enter the school code' },
  'system.company.form.codeInvalid': {
    zh: '学校代码只能包含字母、数字、下划线和短横线',
    en: 'The code may contain letters, digits, _ and - only',
  },
  'system.company.form.addressRequired': { zh: '请输入学校地址', en: 'Please enter the school address' },
  'system.company.form.adminAccountRequired': { zh: '请输入管理员账号', en: 'Please enter the administrator account' },
  'system.company.form.accountInvalid': {
    zh: '账号只能包含字母、数字和 _ . @ -',
    en: 'The account may contain letters, digits and _ . @ - only',
  },
  'system.company.form.adminPasswordRequired': {
    zh: '请输入管理员密码',
    en: 'Please enter the administrator password',
  },
  'system.company.form.adminNameRequired': { zh: '请输入管理员姓名', en: "Please enter the administrator's name" },
  'system.company.form.colorInvalid': { zh: '颜色格式应为 #RRGGBB', en: 'Colours are written #RRGGBB' },
  'system.company.field.name': { zh: '学校名称', en: 'School name' },
  'system.company.field.enName': { zh: '英文名称', en: 'English name' },
  'system.company.field.code': { zh: '学校代码', en: 'School code' },
  'system.company.field.address': { zh: '地址', en: 'Address' },
  'system.company.field.learningPeriod': { zh: '学段', en: 'Learning period' },
  'system.company.field.area': { zh: '片区', en: 'Area' },
  'system.company.field.region': { zh: '省/市/区', en: 'Province/city/district' },
  'system.company.field.adminAccount': { zh: '管理员账号', en: 'Administrator account' },
  'system.company.field.adminName': { zh: '管理员姓名', en: 'Administrator name' },
  'system.company.field.state': { zh: '状态', en: 'State' },
  'system.company.state.1': { zh: '启用', en: 'Enabled' },
  'system.company.state.0': { zh: '停用', en: 'Disabled' },
  'system.company.file': { zh: '学校', en: 'Schools' },
  'system.company.adminRole': { zh: '系统管理员', en: 'Administrator' },
  'system.company.error.self': {
    zh: '不能删除或停用当前所在的学校',
    en: 'You cannot delete or disable the school you are working in',
  },
  'system.company.error.inUse': {
    zh: '学校“{{name}}”已有数据或下属学校，不能删除（可以停用）',
    en: 'The school "{{name}}" has data or member schools and cannot be deleted (disable it instead)',
  },
});
