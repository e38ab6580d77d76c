import { registerMessages } from '../../platform/i18n/messages.ts';
import type { ServerModule } from '../index.ts';
import { logRoutes } from './logs.routes.ts';

registerMessages({
  'log.operation.file': { zh: '操作日志', en: 'Operation log' },
  'log.error.file': { zh: '错误日志', en: 'Error log' },
  'log.login.file': { zh: '登录日志', en: 'Sign-in log' },
  'log.sip2.file': { zh: 'SIP2日志', en: 'SIP2 log' },
  'log.yes': { zh: '是', en: 'Yes' },
  'log.no': { zh: '否', en: 'No' },
  'log.col.time': { zh: '时间', en: 'Time' },
  'log.col.account': { zh: '账号', en: 'Account' },
  'log.col.userName': { zh: '姓名', en: 'Name' },
  'log.col.action': { zh: '操作', en: 'Action' },
  'log.col.path': { zh: '接口', en: 'Path' },
  'log.col.detail': { zh: '详情', en: 'Detail' },
  'log.col.ip': { zh: 'IP', en: 'IP' },
  'log.col.requestId': { zh: '请求编号', en: 'Request id' },
  'log.col.method': { zh: '方式', en: 'Method' },
  'log.col.message': { zh: '错误信息', en: 'Message' },
  'log.col.success': { zh: '成功', en: 'Success' },
  'log.col.reason': { zh: '失败原因', en: 'Reason' },
  'log.col.userAgent': { zh: '浏览器', en: 'User agent' },
  'log.col.terminal': { zh: '终端', en: 'Terminal' },
  'log.col.command': { zh: '指令', en: 'Command' },
  'log.col.request': { zh: '请求', en: 'Request' },
  'log.col.response': { zh: '响应', en: 'Response' },
  'log.col.durationMs': { zh: '耗时(ms)', en: 'Time (ms)' },
});

/** Read-only log screens: operation, error, sign-in and SIP2 logs (list, detail, export as a task). */
export const logsModule: ServerModule = { name: 'logs', routes: logRoutes };
