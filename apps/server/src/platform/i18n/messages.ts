import { type Lang, pickLang } from '@shuyuan/contracts/common/lang';

/**
 * Server-side message table: every `msg` the API sends is one of these keys, in the caller's language.
 * Modules add their own keys with `registerMessages`. Translation management can override any key per school
 * (see modules/system translation), applied through `setOverrides`.
 */
type Table = Record<string, { zh: string; en: string }>;

const messages: Table = {
  'common.ok': { zh: '操作成功', en: 'Success' },
  'error.validation': { zh: '提交的内容有误，请检查', en: 'Some fields are invalid, please check' },
  'error.unauthorized': { zh: '请重新登录', en: 'Please login again' },
  'error.tokenInvalid': { zh: '令牌无效或已过期', en: 'Token invalid or expired' },
  'error.forbidden': { zh: '没有操作权限', en: 'no operation permission' },
  'error.schoolForbidden': { zh: '您不属于该学校，无法访问其数据', en: 'You do not belong to this school' },
  'error.passwordChangeRequired': {
    zh: '您的密码由他人设置，请先修改密码再继续使用',
    en: 'Your password was set by someone else: please change it before going on',
  },
  'error.schoolRequired': { zh: '请先选择学校', en: 'Please choose a school first' },
  'error.notFound': { zh: '记录不存在', en: 'Resource Not Found' },
  'error.routeNotFound': { zh: '接口不存在', en: 'Resource Not Found' },
  'error.duplicate': { zh: '{{field}}已存在', en: '{{field}} already exists' },
  'error.conflict': {
    zh: '数据已被他人修改，请刷新后重试',
    en: 'The data was changed by someone else, please refresh and retry',
  },
  'error.internal': {
    zh: '服务器出错了（编号 {{id}}），请稍后重试',
    en: 'Server error (reference {{id}}), please try again later',
  },
  'error.inUse': { zh: '该记录正在使用中，无法删除', en: 'This record is in use and cannot be deleted' },
  'validation.required': { zh: '必填', en: 'Required' },
  'validation.tooLong': { zh: '内容过长', en: 'Too long' },
  'validation.phoneRequired': { zh: '请填写手机号码', en: 'Please fill in your phone number' },
  'validation.phoneInvalid': { zh: '请填写正确的手机号码', en: 'Please fill in the correct phone number' },
  'validation.emailInvalid': { zh: '请填写正确的邮箱地址', en: 'Please fill in a correct e-mail address' },
  'validation.passwordMin6': { zh: '密码长度不能少于6位', en: 'The password must be more than 6 digits' },
  'validation.passwordPolicy': {
    zh: '密码须多于8位，且包含数字、大写字母、小写字母、特殊字符中的至少三种',
    en: 'The password must be more than 8 characters and contain at least three of: digits, uppercase, lowercase, special characters',
  },
  'validation.passwordMismatch': { zh: '两次输入的密码不一致', en: 'The two passwords differ' },
};

let overrides: Record<number, Record<string, Partial<Record<Lang, string>>>> = {};

export function registerMessages(table: Table): void {
  for (const [k, v] of Object.entries(table)) messages[k] = v;
}

/** Replaces the translation overrides (school 0 = all schools). */
export function setOverrides(next: typeof overrides): void {
  overrides = next;
}

export function hasMessage(key: string): boolean {
  return key in messages;
}

export function allMessages(): Table {
  return messages;
}

/** A parameter that is itself a message: `{ key, params }` (a key without a message stands for itself). */
export interface NestedMessage {
  key: string;
  params?: Record<string, unknown>;
}
const isNested = (v: unknown): v is NestedMessage =>
  !!v && typeof v === 'object' && typeof (v as NestedMessage).key === 'string';

export function t(lang: Lang, key: string, params?: Record<string, unknown>, schoolId?: number): string {
  const o = (schoolId && overrides[schoolId]?.[key]?.[lang]) || overrides[0]?.[key]?.[lang];
  let text = o ?? messages[key]?.[lang] ?? messages[key]?.en ?? key;
  if (params)
    for (const [k, v] of Object.entries(params))
      text = text.replaceAll(`{{${k}}}`, isNested(v) ? t(lang, v.key, v.params, schoolId) : String(v));
  return text;
}

/** The caller's language: the `Language` header the web client sends, else Accept-Language. */
export function langOf(headers: Record<string, string | string[] | undefined>): Lang {
  const explicit = headers['x-language'] ?? headers.language;
  if (typeof explicit === 'string' && explicit) return pickLang(explicit);
  const al = headers['accept-language'];
  return pickLang(typeof al === 'string' ? al : undefined);
}
