import type { ParticipantRow, TaskDto } from '@shuyuan/contracts/themes/theme';
import { DownloadOutlined } from '@ant-design/icons';
import { JOIN_CODE, END_CODE } from '@shuyuan/contracts/themes/theme';
import { Button, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { specPagination } from '../../kit/pagination.ts';
import { fmtTime } from '../../kit/time.ts';
import { useLoad } from '../../opac/use-load.ts';
import { runApi } from './run-api.ts';

/** A theme's participants with their progress per task; ended themes add each completer's certificate. */
export function Participants({ themeId, ended }: { themeId: number; ended: boolean }) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ Page: 1, Rows: 20 });
  const res = useLoad(() => runApi.participants(ended, themeId, page.Page, page.Rows), [ended, themeId, page]);
  const tasks: TaskDto[] = res.data?.tasks ?? [];
  const canExport = usePermission(`${ended ? END_CODE : JOIN_CODE}:export`);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {canExport && (
        <Button
          icon={<DownloadOutlined />}
          className="sy-theme-export"
          disabled={!res.data?.Total}
          onClick={() => runApi.exportParticipants(ended, themeId).catch(() => {})}
        >
          {t('themes.run.export')}
        </Button>
      )}
      <Table<ParticipantRow>
        rowKey="userId"
        size="small"
        loading={res.loading}
        dataSource={res.data?.List}
        locale={{ emptyText: t('themes.run.noParticipants') }}
        scroll={{ x: 'max-content' }}
        pagination={specPagination(t, page.Page, page.Rows, res.data?.Total ?? 0, (Page, Rows) =>
          setPage({ Page, Rows }),
        )}
        columns={[
          { title: t('themes.run.reader'), render: (_v, r) => `${r.name} (${r.account})` },
          { title: t('themes.run.class'), dataIndex: 'className' },
          ...tasks.map((task) => ({
            key: `task-${task.id}`,
            title: task.title,
            render: (_v: unknown, r: ParticipantRow) => {
              const p = r.progress.find((x) => x.taskId === task.id);
              return p ? <Tag color={p.complete ? 'green' : undefined}>{`${p.done}/${p.count}`}</Tag> : null;
            },
          })),
          {
            title: t('themes.run.complete'),
            render: (_v, r) =>
              r.complete ? <Tag color="green">{t('themes.run.done')}</Tag> : <Tag>{t('themes.run.notDone')}</Tag>,
          },
          { title: t('themes.run.joinedAt'), render: (_v, r) => fmtTime(r.joinedAt) },
          ...(ended
            ? [
                {
                  key: 'certificate',
                  title: t('themes.run.certificate'),
                  render: (_v: unknown, r: ParticipantRow) =>
                    r.complete && (
                      <Button
                        size="small"
                        aria-label={`${t('themes.run.downloadCertificate')} ${r.name}`}
                        onClick={() => runApi.certificate(themeId, r.userId).catch(() => {})}
                      >
                        {t('themes.run.downloadCertificate')}
                      </Button>
                    ),
                },
              ]
            : []),
        ]}
      />
    </Space>
  );
}
