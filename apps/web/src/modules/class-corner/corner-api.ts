import { P } from '@shuyuan/contracts/common/paths';

const C = `${P}/ClassCorner`;
export const CORNER_URLS = {
  mine: `${C}/GetMyCorners`,
  books: `${C}/GetCornerBooks`,
  students: `${C}/GetCornerStudents`,
  lend: `${C}/Lend`,
  return: `${C}/Return`,
  loans: `${C}/GetCornerLoans`,
  use: `${C}/GetCornerUse`,
  bookRank: `${C}/GetBookRank`,
  classRank: `${C}/GetClassRank`,
  studentRank: `${C}/GetStudentRank`,
  exportUse: `${C}/ExportCornerUse`,
  exportBookRank: `${C}/ExportBookRank`,
  exportClassRank: `${C}/ExportClassRank`,
  exportStudentRank: `${C}/ExportStudentRank`,
};

/** Barcodes from a scanner or pasted text: one per line (or separated by spaces/commas), blanks dropped. */
export function splitBarcodes(text: string): string[] {
  return text
    .split(/[\s,;，；]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}
