import { registerMessages } from '../../platform/i18n/messages.ts';

registerMessages({
  'role.form.nameRequired': { zh: '请输入角色名称', en: 'Please enter the role name' },
  'role.form.codeInvalid': { zh: '权限编码无效', en: 'Invalid permission code' },
  'role.field.name': { zh: '角色名称', en: 'Role name' },
  'role.field.enName': { zh: '英文名称', en: 'English name' },
  'role.field.description': { zh: '描述', en: 'Description' },
  'role.field.state': { zh: '状态', en: 'State' },
  'role.field.sort': { zh: '排序', en: 'Sort' },
  'role.field.userCount': { zh: '用户数', en: 'Users' },
  'role.state.1': { zh: '启用', en: 'Enabled' },
  'role.state.0': { zh: '停用', en: 'Disabled' },
  'role.file': { zh: '角色', en: 'Roles' },
  'role.error.system': { zh: '系统角色不能删除或收回权限', en: 'A system role cannot be deleted or lose its rights' },
  'role.error.inUse': {
    zh: '角色“{{name}}”下还有用户，不能删除',
    en: 'The role "{{name}}" still has users and cannot be deleted',
  },
  'role.error.grantBeyond': {
    zh: '不能授予自己没有的权限：{{codes}}',
    en: 'You cannot grant rights you do not hold: {{codes}}',
  },
  'role.error.userNotInSchool': { zh: '用户不属于本校', en: 'The user does not belong to this school' },
  'role.error.lastAdmin': {
    zh: '不能移除本校最后一位系统管理员',
    en: 'The last administrator of the school cannot be removed',
  },
  'role.staff.account': { zh: '账号', en: 'Account' },
  'role.staff.accountRequired': { zh: '请输入账号', en: 'Please enter the account' },
  'role.staff.accountInvalid': { zh: '账号不能包含空格', en: 'The account cannot contain spaces' },
  'role.staff.nameRequired': { zh: '请输入姓名', en: 'Please enter the name' },
  'role.staff.self': { zh: '不能停用自己的账号', en: 'You cannot disable your own account' },
});
