import { P } from '@shuyuan/contracts/common/paths';
import type { ChangelogEntry } from '@shuyuan/contracts/settings/release-note';
import { Empty, Skeleton, Tag, Timeline, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';

/** The product's CHANGELOG.md as a timeline, newest release first. */
export function ChangelogView() {
  const { t } = useTranslation();
  const [entries, setEntries] = useState<ChangelogEntry[] | null>(null);
  useEffect(() => {
    api.post<ChangelogEntry[]>(`${P}/UpdateLog/GetChangelog`, {}).then(setEntries, () => setEntries([]));
  }, []);
  if (!entries) return <Skeleton active />;
  if (!entries.length) return <Empty description={t('settings.release.noChangelog')} />;
  return (
    <Timeline
      items={entries.map((e) => ({
        key: e.version,
        children: (
          <div>
            <Typography.Title level={5}>
              {/* CHANGELOG.md's "Unreleased" section: what this build has beyond its last release. */}
              {/^unreleased$/i.test(e.version) ? (
                <Tag color="gold">{t('settings.release.unreleased')}</Tag>
              ) : (
                <Tag color="blue">v{e.version}</Tag>
              )}{' '}
              {e.date}
            </Typography.Title>
            <ul style={{ paddingInlineStart: 20 }}>
              {e.items.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        ),
      }))}
    />
  );
}
