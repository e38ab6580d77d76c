import { P } from '@shuyuan/contracts/common/paths';

/** Endpoints of the loan record screens (server modules/circ-records). */
export const URLS = {
  records: `${P}/Circulation/GetCircRecord`,
  exportRecords: `${P}/downloadV2/circrecord`,
  detail: `${P}/CircRecords/GetLoanRecord`,
  noReturn: `${P}/CircRecords/GetNoReturnList`,
  exportNoReturn: `${P}/CircRecords/ExportNoReturn`,
  itemHistory: `${P}/CircRecords/GetItemHistory`,
  readerHistory: `${P}/Circulation/GetBorrowHistory`,
  exportItemHistory: `${P}/CircRecords/ExportItemHistory`,
  exportReaderHistory: `${P}/CircRecords/ExportReaderHistory`,
  pickRecords: `${P}/CircRecords/PickRecords`,
  pickReaders: `${P}/CircRecords/PickReaders`,
  parentLoans: `${P}/CircRecords/GetParentLoanList`,
  parentNoReturn: `${P}/CircRecords/GetParentNoReturnList`,
  exportParentLoans: `${P}/CircRecords/ExportParentLoans`,
  exportParentNoReturn: `${P}/CircRecords/ExportParentNoReturn`,
  links: `${P}/CircRecords/GetStudentParentList`,
  updateLinks: '/micro/basic/open/StudentParents/updateStudentParents',
  /** One conversion endpoint for the three kinds (permission checked per kind). */
  convert: `${P}/Circulation/BorrowingBookReviews`,
  conversions: `${P}/Circulation/GetRetrieveRecords`,
  /** Overdue review (single processing): pending / processed / abandoned. */
  overdueReview: `${P}/Circulation/OverdueReviews`,
  sendReminders: `${P}/Circulation/SendReminders`,
  readers: `${P}/Readers/GetReaderList`,
  grades: `${P}/Org/GetGradeList`,
  classes: `${P}/Org/GetClassList`,
};

export const orgField = (name: 'gradeId' | 'classId') => ({
  name,
  label: `circRecords.filter.${name === 'gradeId' ? 'grade' : 'class'}`,
  options: {
    url: name === 'gradeId' ? URLS.grades : URLS.classes,
    body: { Page: 1, Rows: 500 },
    list: true,
    value: 'id',
    label: 'name',
  },
});
export const GRADE_FIELD = orgField('gradeId');
export const CLASS_FIELD = orgField('classId');
