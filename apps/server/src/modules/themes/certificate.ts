import PDFDocument from 'pdfkit';
import { eq } from 'drizzle-orm';
import { fail, notFound } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/route.ts';
import { contentDisposition } from '../../platform/files/files.ts';
import { appUser } from '../auth/user.table.ts';
import { resolveCjkFont } from '../printing/lib/fonts.ts';
import { school } from '../school/school.table.ts';
import { publishedTheme, refreshProgress, tasksOf } from './progress.service.ts';
import { themeParticipant } from './themes.table.ts';

const MM = 72 / 25.4;

/** One A4 landscape certificate: a double frame, the title, who completed which theme, the school and the day. */
export async function certificatePdf(o: {
  title: string;
  body: string;
  school: string;
  date: string;
}): Promise<Buffer> {
  const font = resolveCjkFont();
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 20 * MM });
  doc.registerFont('cjk', font.path, font.postscriptName ?? '');
  doc.info.Title = o.title;
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  const { width: w, height: h } = doc.page;
  doc
    .lineWidth(3)
    .strokeColor('#b8860b')
    .rect(10 * MM, 10 * MM, w - 20 * MM, h - 20 * MM)
    .stroke();
  doc
    .lineWidth(1)
    .rect(14 * MM, 14 * MM, w - 28 * MM, h - 28 * MM)
    .stroke();
  const inner = w - 60 * MM;
  doc
    .font('cjk')
    .fillColor('#8b0000')
    .fontSize(40)
    .text(o.title, 30 * MM, 40 * MM, { width: inner, align: 'center' });
  doc
    .fillColor('black')
    .fontSize(18)
    .text(o.body, 30 * MM, 85 * MM, { width: inner, align: 'center', lineGap: 8 });
  doc.fontSize(14).text(o.school, 30 * MM, h - 60 * MM, { width: inner, align: 'right' });
  doc.text(o.date, 30 * MM, doc.y + 4, { width: inner, align: 'right' });
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/**
 * Sends the certificate of a reader who completed a theme (their progress is checked again first); refused for one
 * who has not. The text is in the caller's language.
 */
export async function sendCertificate(ctx: Ctx<any>, themeId: number, userId: number) {
  const th = await publishedTheme(ctx.db, ctx.scope, themeId);
  if (!th) throw notFound();
  const tasks = await tasksOf(ctx.db, ctx.scope, th.id);
  await refreshProgress(ctx.db, ctx.scope, th, tasks, [userId]);
  const [p] = await ctx.db
    .select({ completedAt: themeParticipant.completedAt, name: appUser.name })
    .from(themeParticipant)
    .innerJoin(appUser, eq(appUser.id, themeParticipant.userId))
    .where(ctx.scope.where(themeParticipant, eq(themeParticipant.themeId, th.id), eq(themeParticipant.userId, userId)));
  if (!p) throw notFound();
  if (!p.completedAt) throw fail('NOT_COMPLETED', 'themes.notCompleted');
  const [s] = await ctx.db
    .select({ name: school.name, enName: school.enName })
    .from(school)
    .where(eq(school.id, ctx.scope.schoolId));
  const title = ctx.t('themes.cert.title');
  const pdf = await certificatePdf({
    title,
    body: ctx.t('themes.cert.body', { name: p.name, theme: th.title, start: th.startDate, end: th.endDate }),
    school: (ctx.lang === 'en' && s?.enName) || s?.name || '',
    date: p.completedAt.toISOString().slice(0, 10),
  });
  ctx.reply.header('content-type', 'application/pdf');
  ctx.reply.header('content-disposition', contentDisposition(`${title}-${p.name}.pdf`));
  return ctx.reply.send(pdf);
}
