import { CloseOutlined, DownloadOutlined, DownOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Card, Progress, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { downloadUrl } from '../http.ts';
import { type DownloadTask, downloads, useDownloads } from './downloads.ts';

function Row({ task }: { task: DownloadTask }) {
  const { t } = useTranslation();
  return (
    <div className="sy-dl-row" data-task={task.id}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Text ellipsis style={{ maxWidth: 230 }} title={task.fileName}>
          {task.fileName}
        </Typography.Text>
        <Space size={2}>
          {task.done && task.resultFile && (
            <Button
              size="small"
              type="link"
              icon={<DownloadOutlined />}
              aria-label={t('app.downloads.download')}
              onClick={() => void downloadUrl(task.resultFile, task.fileName)}
            />
          )}
          {(task.done || task.failed) && (
            <Button
              size="small"
              type="text"
              icon={<CloseOutlined />}
              aria-label={t('app.downloads.close')}
              onClick={() => downloads.remove(task.id)}
            />
          )}
        </Space>
      </Space>
      <Progress
        percent={task.percent}
        size="small"
        status={task.failed ? 'exception' : task.done ? 'success' : 'active'}
      />
      {task.done && <Typography.Text type="success">{t('app.downloads.ready')}</Typography.Text>}
      {task.failed && <Typography.Text type="danger">{task.error || t('app.downloads.failed')}</Typography.Text>}
    </div>
  );
}

/**
 * Floating 'Download tasks' panel (spec §2): over every screen while tasks are listed, collapsible, up to 5 rows,
 * a download icon at 100 %, and 'View more' opening the task list (/process).
 */
export function DownloadPanel() {
  const { t } = useTranslation();
  const tasks = useDownloads();
  const [collapsed, setCollapsed] = useState(false);
  const running = tasks.some((x) => !x.done && !x.failed);
  // Tasks starting again re-open a collapsed panel.
  useEffect(() => {
    if (running) setCollapsed(false);
  }, [running]);
  if (!tasks.length) return null;

  return (
    <Card
      className="sy-download-panel"
      size="small"
      title={t('app.downloads.title')}
      style={{
        position: 'fixed',
        right: 16,
        bottom: 16,
        width: 340,
        zIndex: 1000,
        boxShadow: '0 6px 16px rgba(0,0,0,.15)',
      }}
      extra={
        <Space size={4}>
          <Link to="/process">{t('app.downloads.viewMore')}</Link>
          <Button
            size="small"
            type="text"
            aria-label={t(collapsed ? 'app.downloads.expand' : 'app.downloads.collapse')}
            icon={collapsed ? <UpOutlined /> : <DownOutlined />}
            onClick={() => setCollapsed((c) => !c)}
          />
          {!running && (
            <Button
              size="small"
              type="text"
              aria-label={t('app.downloads.close')}
              icon={<CloseOutlined />}
              onClick={downloads.clear}
            />
          )}
        </Space>
      }
      styles={{ body: collapsed ? { display: 'none' } : { maxHeight: 360, overflowY: 'auto' } }}
    >
      <Space orientation="vertical" style={{ width: '100%' }} size={10}>
        {tasks.map((task) => (
          <Row key={task.id} task={task} />
        ))}
      </Space>
    </Card>
  );
}
