import type { ReminderKind } from '@shuyuan/contracts/reminders/reminder';

/** One loan line of a message. */
export interface MailLoan {
  title: string;
  barcode: string;
  dueDate: string;
  /** Days past due (≤ 0: not yet due). */
  overdueDays: number;
}

export interface MailData {
  readerName: string;
  schoolName: string;
  loans?: MailLoan[];
  hold?: { title: string; barcode: string; until: string | null };
}

type Lang = 'zh' | 'en';

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

const TEXT = {
  zh: {
    subject: {
      overdue: '【{school}】图书超期催还通知',
      due_soon: '【{school}】图书即将到期提醒',
      hold_ready: '【{school}】您预约的图书已到馆',
    },
    hello: '{name}，您好：',
    overdue: '您借阅的以下图书已超过应还日期，请尽快归还：',
    due_soon: '您借阅的以下图书即将到期，请按时归还或办理续借：',
    hold: '您预约的《{title}》（条码 {barcode}）已到馆，请于 {until} 前到图书馆借阅，逾期将取消预约。',
    holdNoDate: '您预约的《{title}》（条码 {barcode}）已到馆，请尽快到图书馆借阅。',
    line: '《{title}》 条码 {barcode}，应还日期 {due}',
    lineOverdue: '《{title}》 条码 {barcode}，应还日期 {due}，已超期 {days} 天',
    lineOverdueOne: '《{title}》 条码 {barcode}，应还日期 {due}，已超期 {days} 天',
    head: ['书名', '条码', '应还日期', '超期天数'],
    bye: '此邮件由图书馆系统自动发送，请勿直接回复。',
  },
  en: {
    subject: {
      overdue: '[{school}] Overdue items – please return',
      due_soon: '[{school}] Items due soon',
      hold_ready: '[{school}] Your reservation is ready',
    },
    hello: 'Dear {name},',
    overdue: 'The following items are past their due date. Please return them as soon as possible:',
    due_soon: 'The following items are due soon. Please return or renew them in time:',
    hold: 'The item you reserved, "{title}" (barcode {barcode}), is waiting for you at the library until {until}. After that day the reservation is cancelled.',
    holdNoDate: 'The item you reserved, "{title}" (barcode {barcode}), is waiting for you at the library.',
    line: '"{title}", barcode {barcode}, due {due}',
    lineOverdue: '"{title}", barcode {barcode}, due {due}, {days} days overdue',
    lineOverdueOne: '"{title}", barcode {barcode}, due {due}, {days} day overdue',
    head: ['Title', 'Barcode', 'Due date', 'Days overdue'],
    bye: 'This message was sent automatically by the library system; please do not reply.',
  },
} as const;

function fill(s: string, v: Record<string, string | number>): string {
  return s.replace(/\{(\w+)\}/g, (_, k) => String(v[k] ?? ''));
}

/** The subject, plain text and HTML of a reminder in the reader's language (Chinese and English templates). */
export function renderReminder(kind: ReminderKind, lang: Lang, d: MailData) {
  const T = TEXT[lang];
  const subject = fill(T.subject[kind], { school: d.schoolName });
  const hello = fill(T.hello, { name: d.readerName });
  const lines: string[] = [hello, ''];
  let html = `<p>${esc(hello)}</p>`;
  if (kind === 'hold_ready' && d.hold) {
    const p = fill(d.hold.until ? T.hold : T.holdNoDate, {
      title: d.hold.title,
      barcode: d.hold.barcode,
      until: d.hold.until ?? '',
    });
    lines.push(p);
    html += `<p>${esc(p)}</p>`;
  } else {
    const intro = kind === 'overdue' ? T.overdue : T.due_soon;
    lines.push(intro, '');
    html += `<p>${esc(intro)}</p><table border="1" cellpadding="4" cellspacing="0"><tr>${T.head
      .map((h) => `<th>${esc(h)}</th>`)
      .join('')}</tr>`;
    for (const l of d.loans ?? []) {
      const v = { title: l.title, barcode: l.barcode, due: l.dueDate, days: l.overdueDays };
      const line = l.overdueDays === 1 ? T.lineOverdueOne : l.overdueDays > 0 ? T.lineOverdue : T.line;
      lines.push(`- ${fill(line, v)}`);
      html += `<tr><td>${esc(l.title)}</td><td>${esc(l.barcode)}</td><td>${l.dueDate}</td><td>${Math.max(0, l.overdueDays)}</td></tr>`;
    }
    html += '</table>';
  }
  lines.push('', d.schoolName, T.bye);
  html += `<p>${esc(d.schoolName)}</p><p style="color:#888">${esc(T.bye)}</p>`;
  return { subject, text: lines.join('\n'), html };
}
