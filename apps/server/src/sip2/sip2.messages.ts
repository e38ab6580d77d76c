import { registerMessages } from '../platform/i18n/messages.ts';

/** Screen messages (AF) the self-check machine shows to the patron. */
registerMessages({
  'sip2.unavailable': { zh: '服务暂不可用，请到服务台办理', en: 'Service unavailable, please go to the desk' },
  'sip2.error': { zh: '系统出错，请到服务台办理', en: 'System error, please go to the desk' },
});
