import { P } from '@shuyuan/contracts/common/paths';
import { SHARE_CODE, SHARE_KINDS, type ShareDto, ShareListQuery } from '@shuyuan/contracts/reviews/share';
import { Image, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LongText, ModeratedPage } from './moderated-page.tsx';

const DIMENSIONS = {
  url: `${P}/ReadingShare/GetDimensionList`,
  body: { Rows: 500 },
  list: true,
  value: 'id',
  label: 'name',
};

function ShareCell({ r }: { r: ShareDto }) {
  return (
    <div>
      {r.title && <Typography.Text strong>{r.title}</Typography.Text>}
      {r.recordTitle && <Typography.Text type="secondary"> 《{r.recordTitle}》</Typography.Text>}
      <LongText>{r.content}</LongText>
      {r.pictures.length > 0 && (
        <Image.PreviewGroup>
          <Space size={4} wrap>
            {r.pictures.map((p) => (
              <Image key={p} src={p} width={56} height={56} style={{ objectFit: 'cover' }} alt="" />
            ))}
          </Space>
        </Image.PreviewGroup>
      )}
    </div>
  );
}

/** /reading-share (阅读分享): readers' notes and excerpts with pictures; pass or reject, delete, export. */
export default function ReadingSharePage() {
  const { t } = useTranslation();
  return (
    <ModeratedPage<ShareDto>
      area="ReadingShare"
      entity="Share"
      permission={SHARE_CODE}
      moderateUrl={`${P}/ReadingShare/ModerateShares`}
      title="reviews.share.entity"
      help="reviews.share.help"
      listQuery={ShareListQuery}
      fields={[
        {
          name: 'kind',
          label: 'reviews.col.kind',
          type: 'select',
          inSearch: true,
          options: SHARE_KINDS.map((k) => ({ value: k, label: `reviews.kind.${k}` })),
          render: (v) => t(`reviews.kind.${v}`),
          width: 90,
        },
        {
          name: 'dimensionId',
          label: 'reviews.col.dimensions',
          type: 'select',
          inSearch: true,
          options: DIMENSIONS,
          render: (_v, r) => r.dimensions.join('、'),
          width: 120,
        },
        { name: 'content', label: 'reviews.col.content', width: 360, render: (_v, r) => <ShareCell r={r} /> },
      ]}
    />
  );
}
