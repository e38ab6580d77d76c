import type { FastifyReply } from 'fastify';
import ExcelJS from 'exceljs';

/** Sends a one-sheet xlsx (header row in bold) as a download named `<name>.xlsx`. */
export async function sendSheet(
  reply: FastifyReply,
  name: string,
  headers: string[],
  rows: (string | number | null | undefined)[][],
) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(name.slice(0, 31));
  ws.columns = headers.map((h) => ({ header: h, width: Math.max(12, h.length * 2 + 4) }));
  ws.getRow(1).font = { bold: true };
  for (const r of rows) ws.addRow(r.map((v) => v ?? ''));
  const buf = Buffer.from(await wb.xlsx.writeBuffer());
  reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(`${name}.xlsx`)}`);
  return reply.send(buf);
}
