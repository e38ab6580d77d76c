import { IdBody } from '@shuyuan/contracts/common/envelope';
import { P } from '@shuyuan/contracts/common/paths';
import { DONATION_CODE } from '@shuyuan/contracts/donations/donation';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../platform/errors.ts';
import { contentDisposition } from '../../platform/files/files.ts';
import { route } from '../../platform/route.ts';
import { school } from '../school/school.table.ts';
import { certificatePdf } from '../volunteers/certificate.ts';
import { donation } from './donation.table.ts';
import { donationDto } from './dto.ts';

const TITLES_SHOWN = 8;

/** The thank-you certificate of one donation (PDF, in the caller's language). */
export function certificateRoute(app: FastifyInstance): void {
  route(app, {
    url: `${P}/Donation/Certificate`,
    access: DONATION_CODE,
    schema: IdBody,
    raw: true,
    summary: 'The thank-you certificate of a donation (PDF)',
    handler: async (ctx) => {
      const { db, scope, body, t, reply } = ctx;
      const [r] = await db
        .select()
        .from(donation)
        .where(scope.where(donation, eq(donation.id, body.id)));
      if (!r) throw notFound();
      const d = await donationDto(db, ctx, r);
      const [s] = await db.select({ name: school.name }).from(school).where(eq(school.id, scope.schoolId));
      const titles = d.items.map((i) => (ctx.lang === 'zh' ? `《${i.title}》` : `“${i.title}”`));
      const shown =
        titles.slice(0, TITLES_SHOWN).join(ctx.lang === 'zh' ? '' : ', ') +
        (titles.length > TITLES_SHOWN ? ` ${t('donations.cert.more')}` : '');
      const donor =
        d.donorKind === 'parent' && d.readerName
          ? t('donations.cert.parentOf', { name: d.donorName, child: d.readerName })
          : d.donorName;
      const pdf = await certificatePdf({
        title: t('donations.cert.title'),
        body: t('donations.cert.body', {
          donor,
          date: d.donatedOn,
          school: s?.name ?? '',
          books: d.books,
          titles: shown,
        }),
        thanks: t('donations.cert.thanks'),
        issuer: s?.name ?? '',
        date: d.donatedOn,
      });
      reply.header('content-type', 'application/pdf');
      reply.header('content-disposition', contentDisposition(`${t('donations.cert.title')}-${d.donorName}.pdf`));
      return reply.send(pdf);
    },
  });
}
