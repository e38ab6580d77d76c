import { registerMessages } from '../../platform/i18n/messages.ts';

/** Server messages of sign-in; the same keys live in the web's i18n/<lang>/auth.json where forms show them. */
registerMessages({
  'auth.appName': { zh: '书苑图书馆管理系统', en: 'Shuyuan Library System' },
  'auth.login.accountRequired': { zh: '请输入账号', en: 'Please enter your account' },
  'auth.login.passwordRequired': { zh: '请输入密码', en: 'Please enter your password' },
  'auth.login.captchaRequired': { zh: '请输入验证码', en: 'Please enter the verification code' },
  'auth.login.captchaInvalid': {
    zh: '验证码错误或已过期，请重新输入',
    en: 'The verification code is wrong or has expired, please try again',
  },
  'auth.login.badCredentials': { zh: '账号或密码错误', en: 'Incorrect account or password' },
  'auth.login.locked': {
    zh: '密码错误次数过多，账号已锁定，请 {{minutes}} 分钟后再试',
    en: 'Too many wrong passwords: the account is locked, try again in {{minutes}} minutes',
  },
  'auth.login.disabled': {
    zh: '该账号已停用，请联系管理员',
    en: 'This account is disabled, please contact the administrator',
  },
  'auth.login.schoolRequired': {
    zh: '该账号存在于多个学校，请输入学校代码',
    en: 'This account exists in several schools, please enter the school code',
  },
  'auth.login.schoolNotFound': { zh: '学校代码不存在', en: 'No school has this code' },
  'auth.login.sessionExpired': {
    zh: '登录页面已过期，请重新打开登录页',
    en: 'The sign-in page has expired, please open it again',
  },
  'auth.token.badCode': { zh: '授权码无效', en: 'Invalid authorization code' },
  'auth.token.exchangeFailed': { zh: '授权已过期，请重新登录', en: 'authorization expired, please login again' },
  'auth.token.noExternalUser': {
    zh: '外部登录的用户在本系统中不存在',
    en: 'User does not exist',
  },
  'auth.school.codeRequired': { zh: '请输入学校代码', en: 'Please enter the school code' },
  'auth.school.notMember': { zh: '您不属于该学校', en: 'You do not belong to this school' },
  'auth.password.oldRequired': { zh: '请输入原密码', en: 'Please enter the old password' },
  'auth.password.newRequired': { zh: '请输入新密码', en: 'Please enter the new password' },
  'auth.password.confirmRequired': { zh: '请再次输入新密码', en: 'Please confirm the new password' },
  'auth.password.oldWrong': { zh: '原密码错误', en: 'The old password is wrong' },
  'auth.password.sameAsOld': {
    zh: '新密码不能与原密码相同',
    en: 'The new password must differ from the old one',
  },
  'auth.password.changed': { zh: '密码已修改，请重新登录', en: 'Password is changed, please log in again' },
  'auth.rateLimited': {
    zh: '尝试过于频繁，请 {{seconds}} 秒后再试',
    en: 'Too many attempts, please try again in {{seconds}} seconds',
  },
  'auth.user.notFound': { zh: '用户不存在', en: 'User does not exist' },
});
