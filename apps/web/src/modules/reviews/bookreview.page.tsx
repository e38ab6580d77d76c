import { P } from '@shuyuan/contracts/common/paths';
import { REVIEW_CODE, type ReviewDto, ReviewListQuery } from '@shuyuan/contracts/reviews/review';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import { fmtTime } from '../../kit/time.ts';
import type { ResourcePageDef } from '../../kit/types.ts';
import { CLASS_FIELD, GRADE_FIELD } from '../circ-records/shared.ts';
import { ModerationTag, STATE_OPTIONS, useModeration } from './moderation.tsx';

/** /bookreview (书评管理): readers' reviews with filters; pass or reject one or many, delete, export. */
export default function BookReviewPage() {
  const { t } = useTranslation();
  const m = useModeration<ReviewDto>(`${P}/BookReview/ModerateReviews`, `${REVIEW_CODE}:audit`);
  const def: ResourcePageDef<ReviewDto> = {
    area: 'BookReview',
    entity: 'Review',
    permission: REVIEW_CODE,
    title: 'reviews.review.entity',
    contracts: { create: ReviewListQuery, update: ReviewListQuery },
    can: { add: false, edit: false },
    exportable: true,
    selectable: true,
    rowActions: m.rowActions,
    toolbar: m.toolbar,
    fields: [
      {
        name: 'state',
        label: 'reviews.col.state',
        type: 'select',
        inSearch: true,
        options: STATE_OPTIONS,
        render: (v, r) => <ModerationTag state={v} reason={r.rejectReason} />,
        width: 100,
      },
      { name: 'title', label: 'reviews.col.title', width: 200 },
      { name: 'reader', label: 'reviews.col.reader', inSearch: true, inTable: false },
      { name: 'readerName', label: 'reviews.col.reader', render: (v, r) => `${v} (${r.account})`, width: 160 },
      {
        name: 'gradeId',
        label: 'reviews.col.grade',
        type: 'select',
        inSearch: true,
        options: GRADE_FIELD.options,
        dataIndex: 'gradeName',
        priority: 2,
      },
      {
        name: 'classId',
        label: 'reviews.col.class',
        type: 'select',
        inSearch: true,
        options: CLASS_FIELD.options,
        dataIndex: 'className',
        priority: 2,
      },
      { name: 'rating', label: 'reviews.col.rating', render: (v) => '★'.repeat(v), width: 100 },
      {
        name: 'content',
        label: 'reviews.col.content',
        width: 320,
        render: (v) => (
          <Typography.Paragraph ellipsis={{ rows: 3, expandable: true }} style={{ margin: 0 }}>
            {v}
          </Typography.Paragraph>
        ),
      },
      { name: 'rejectReason', label: 'reviews.col.reason', priority: 3 },
      { name: 'reviewedByName', label: 'reviews.col.reviewer', priority: 3 },
      { name: 'from', label: 'reviews.filter.from', type: 'date', inSearch: true, inTable: false },
      { name: 'to', label: 'reviews.filter.to', type: 'date', inSearch: true, inTable: false },
      { name: 'createdAt', label: 'reviews.col.createdAt', render: (v) => fmtTime(v), width: 170 },
    ],
  };
  return (
    <>
      <Typography.Paragraph type="secondary">{t('reviews.review.help')}</Typography.Paragraph>
      <ResourcePage def={def} />
      {m.dialog}
    </>
  );
}
