import type { RunThemeRow } from '@shuyuan/contracts/themes/theme';
import { Button, Card, Col, Empty, Row, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { specPagination } from '../../kit/pagination.ts';
import { useLoad } from '../../opac/use-load.ts';
import { Participants } from './participants.tsx';
import { runApi } from './run-api.ts';
import { Submissions } from './submissions.tsx';

/**
 * /join-reading (running themes: participants with their progress, submissions to judge) and /end-reading (ended
 * themes: results, a certificate for each reader who completed).
 */
export function RunPage({ ended }: { ended: boolean }) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ Page: 1, Rows: 20 });
  const [chosen, setChosen] = useState<RunThemeRow | null>(null);
  const themes = useLoad(() => runApi.themes(ended, page.Page, page.Rows), [ended, page]);
  const [tick, setTick] = useState(0);
  return (
    <Row gutter={16}>
      <Col xs={24} xl={9}>
        <Card title={t(ended ? 'themes.run.ended' : 'themes.run.running')} size="small">
          <Table<RunThemeRow>
            rowKey="id"
            size="small"
            loading={themes.loading}
            dataSource={themes.data?.List}
            locale={{ emptyText: t('themes.run.none') }}
            rowClassName={(r) => (r.id === chosen?.id ? 'ant-table-row-selected' : '')}
            onRow={(r) => ({ onClick: () => setChosen(r), style: { cursor: 'pointer' } })}
            pagination={specPagination(t, page.Page, page.Rows, themes.data?.Total ?? 0, (Page, Rows) =>
              setPage({ Page, Rows }),
            )}
            columns={[
              {
                title: t('themes.field.title'),
                render: (_v, r) => (
                  <Button type="link" size="small" onClick={() => setChosen(r)}>
                    {r.title}
                  </Button>
                ),
              },
              { title: t('themes.field.period'), render: (_v, r) => `${r.startDate} ~ ${r.endDate}` },
              { title: t('themes.field.participants'), dataIndex: 'participants' },
              { title: t('themes.run.completed'), dataIndex: 'completed' },
              ...(ended
                ? []
                : [
                    {
                      key: 'pending',
                      title: t('themes.run.pending'),
                      render: (_v: unknown, r: RunThemeRow) =>
                        r.pending > 0 ? <Tag color="gold">{r.pending}</Tag> : 0,
                    },
                  ]),
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} xl={15}>
        <Card title={chosen?.title ?? t('themes.run.choose')} size="small">
          {!chosen && <Empty description={t('themes.run.choose')} />}
          {chosen && (
            <Tabs
              key={chosen.id}
              items={[
                {
                  key: 'people',
                  label: t(ended ? 'themes.run.resultsTab' : 'themes.run.participantsTab'),
                  children: <Participants key={tick} themeId={chosen.id} ended={ended} />,
                },
                ...(ended
                  ? []
                  : [
                      {
                        key: 'submissions',
                        label: t('themes.run.submissionsTab'),
                        children: (
                          <Submissions
                            themeId={chosen.id}
                            onJudged={() => {
                              setTick((x) => x + 1);
                              themes.reload();
                            }}
                          />
                        ),
                      },
                    ]),
              ]}
            />
          )}
        </Card>
      </Col>
    </Row>
  );
}
