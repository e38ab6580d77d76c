import { P } from '@shuyuan/contracts/common/paths';
import { REVIEW_CODE, type ReviewDto, ReviewListQuery } from '@shuyuan/contracts/reviews/review';
import { LongText, ModeratedPage } from './moderated-page.tsx';

/** /bookreview (书评管理): readers' reviews with filters; pass or reject one or many, delete, export. */
export default function BookReviewPage() {
  return (
    <ModeratedPage<ReviewDto>
      area="BookReview"
      entity="Review"
      permission={REVIEW_CODE}
      moderateUrl={`${P}/BookReview/ModerateReviews`}
      title="reviews.review.entity"
      help="reviews.review.help"
      listQuery={ReviewListQuery}
      fields={[
        { name: 'title', label: 'reviews.col.title', width: 200 },
        { name: 'rating', label: 'reviews.col.rating', render: (v) => '★'.repeat(v), width: 100 },
        { name: 'content', label: 'reviews.col.content', width: 320, render: (v) => <LongText>{v}</LongText> },
      ]}
    />
  );
}
