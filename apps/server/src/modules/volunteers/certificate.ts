import PDFDocument from 'pdfkit';
import { resolveCjkFont } from '../printing/lib/fonts.ts';

const MM = 72 / 25.4;

/**
 * A one-page certificate (A4 landscape): a double frame, the title, the body paragraph, the thanks line, the issuer
 * (school library) and the date on the right. Shared by the volunteers' service certificate and the donors' thanks.
 */
export async function certificatePdf(o: {
  title: string;
  body: string;
  thanks: string;
  issuer: string;
  date: string;
}): Promise<Buffer> {
  const font = resolveCjkFont();
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 30 * MM });
  doc.registerFont('cjk', font.path, font.postscriptName ?? '');
  doc.info.Title = o.title;
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  const { width: W, height: H } = doc.page;
  doc
    .lineWidth(3)
    .strokeColor('#b8860b')
    .rect(12 * MM, 12 * MM, W - 24 * MM, H - 24 * MM)
    .stroke();
  doc
    .lineWidth(0.8)
    .rect(16 * MM, 16 * MM, W - 32 * MM, H - 32 * MM)
    .stroke();
  const x = 30 * MM;
  const width = W - 60 * MM;
  doc
    .font('cjk')
    .fillColor('#8b0000')
    .fontSize(32)
    .text(o.title, x, 34 * MM, { width, align: 'center' });
  doc
    .fillColor('black')
    .fontSize(15)
    .text(o.body, x, 62 * MM, { width, lineGap: 8, indent: 30 });
  doc.moveDown(0.8).text(o.thanks, { width, indent: 30 });
  doc.fontSize(14).text(o.issuer, x, H - 62 * MM, { width, align: 'right' });
  doc.text(o.date, x, H - 52 * MM, { width, align: 'right' });
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
