import { registerMessages } from '../platform/i18n/messages.ts';

/** Screen messages (AF) the self-check machine shows to the patron. */
registerMessages({
  'sip2.unavailable': { zh: '服务暂不可用，请到服务台办理', en: 'Service unavailable, please go to the desk' },
  'sip2.error': { zh: '系统出错，请到服务台办理', en: 'System error, please go to the desk' },
  'sip2.passwordWrong': { zh: '读者密码错误', en: 'Wrong reader password' },
  'sip2.passwordRequired': {
    zh: '本校借书需要读者密码，请输入密码',
    en: 'This library asks for your reader password; please enter it',
  },
  'sip2.holdShelf': {
    zh: '请放到预约架：为 {{name}}（{{account}}）保留',
    en: 'Put on the hold shelf for {{name}} ({{account}})',
  },
  'sip2.returnedOverdue': { zh: '已还，超期 {{days}} 天', en: 'Returned, {{days}} days overdue' },
  'sip2.notYourLoan': {
    zh: '该册不在此读者名下，不能撤销',
    en: 'This copy is not on loan to this reader; nothing to cancel',
  },
  'sip2.cancelCheckin': {
    zh: '还书不能在自助机上撤销，请到服务台办理',
    en: 'A return cannot be undone at the machine, please go to the desk',
  },
  'sip2.cardBlocked': {
    zh: '读者证已被自助机停用，请到服务台办理',
    en: 'Your card has been blocked; please go to the desk',
  },
  'sip2.cardEnabled': { zh: '读者证已恢复使用', en: 'Your card can be used again' },
  'sip2.cardLostAtDesk': {
    zh: '读者证已挂失，请到服务台补办',
    en: 'Your card was reported lost; please go to the desk for a new one',
  },
  'sip2.renewAll': {
    zh: '已续借 {{renewed}} 册，未续借 {{unrenewed}} 册',
    en: '{{renewed}} renewed, {{unrenewed}} not renewed',
  },
});
