import { P } from '@shuyuan/contracts/common/paths';
import type { ReleaseNoteDto } from '@shuyuan/contracts/settings/release-note';
import { Card, Col, Drawer, List, Row, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { specPagination } from '../../kit/pagination.ts';
import { usePaged } from '../logs/use-paged.ts';
import { ChangelogView } from './changelog-view.tsx';

/** /updatelog: what is new — the product's releases and the school's published notices (read by everyone). */
export default function WhatsNewPage() {
  const { t } = useTranslation();
  const notes = usePaged<ReleaseNoteDto>(`${P}/UpdateLog/GetPublishedNotes`);
  const [open, setOpen] = useState<ReleaseNoteDto | null>(null);
  return (
    <Row gutter={16}>
      <Col xs={24} lg={12}>
        <Card title={t('settings.release.productLog')}>
          <ChangelogView />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t('settings.release.schoolNotes')}>
          <List
            loading={notes.loading}
            dataSource={notes.List}
            locale={{ emptyText: t('settings.release.noNotes') }}
            pagination={
              notes.Total > notes.Rows
                ? (specPagination(t, notes.Page, notes.Rows, notes.Total, notes.setPage) as any)
                : false
            }
            renderItem={(n) => (
              <List.Item onClick={() => setOpen(n)} style={{ cursor: 'pointer' }}>
                <List.Item.Meta
                  title={`${n.version ? `v${n.version} · ` : ''}${n.title}`}
                  description={dayjs(n.publishedAt).format('YYYY-MM-DD')}
                />
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <Drawer open={!!open} width={560} title={open?.title} onClose={() => setOpen(null)}>
        <Typography.Paragraph type="secondary">
          {open && dayjs(open.publishedAt).format('YYYY-MM-DD HH:mm')}
        </Typography.Paragraph>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{open?.content}</Typography.Paragraph>
      </Drawer>
    </Row>
  );
}
