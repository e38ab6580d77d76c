import { registerMessages } from '../../platform/i18n/messages.ts';
import type { ServerModule } from '../index.ts';
import { devicesRoutes } from './devices.routes.ts';

registerMessages({
  'devices.sip.login': { zh: 'SIP2登录名', en: 'SIP2 login' },
  'devices.sip.loginRequired': { zh: '请输入SIP2登录名', en: 'Please enter the SIP2 login' },
  'devices.sip.loginChars': { zh: '登录名不能包含“|”或换行', en: 'The login cannot contain "|" or line breaks' },
  'devices.sip.passwordShort': { zh: '密码至少6位', en: 'The password needs at least 6 characters' },
  'devices.client.nameRequired': { zh: '请输入设备名称', en: 'Please enter the device name' },
  'devices.client.userUnknown': {
    zh: '所选账号不是本单位的工作人员账号',
    en: 'The chosen account is not a staff account of this school',
  },
});

/** Screen /sys/devices: SIP2 accounts of self-check machines and API clients (client credentials). */
export const devicesModule: ServerModule = { name: 'devices', routes: devicesRoutes };
