import type { ClassCornerDto } from '@shuyuan/contracts/class-corner/corner';
import { Empty, Select, Space, Typography } from 'antd';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';
import { CORNER_URLS } from './corner-api.ts';

/**
 * The corner a screen works on: the corners the caller may run (all of them for library staff, their own for
 * a class librarian); the first is chosen by default. Renders `children(corner)` once one is chosen.
 */
export function CornerScope({
  children,
  extra,
}: {
  children: (c: ClassCornerDto, refresh: () => void) => ReactNode;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const [corners, setCorners] = useState<ClassCornerDto[] | null>(null);
  const [id, setId] = useState<number>();
  // Reloaded after lends and returns so the summary (books out) stays true.
  const load = useCallback(() => {
    api.post<ClassCornerDto[]>(CORNER_URLS.mine, {}).then(
      (list) => {
        setCorners(list);
        setId((cur) => cur ?? list[0]?.id);
      },
      () => setCorners([]),
    );
  }, []);
  useEffect(load, [load]);
  if (corners && !corners.length) return <Empty description={t('classCorner.picker.none')} />;
  const corner = corners?.find((c) => c.id === id);
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Typography.Text strong>{t('classCorner.picker.label')}</Typography.Text>
        <Select
          value={id}
          onChange={setId}
          style={{ minWidth: 240 }}
          options={(corners ?? []).map((c) => ({
            value: c.id,
            label: `${c.name} · ${[c.gradeName, c.className].filter(Boolean).join(' ')}`,
          }))}
        />
        {corner && (
          <Typography.Text type="secondary">
            {t('classCorner.picker.summary', {
              location: corner.locationName,
              copies: corner.copies,
              onLoan: corner.onLoan,
              librarian: corner.librarianName ?? '—',
            })}
          </Typography.Text>
        )}
        {extra}
      </Space>
      {corner && children(corner, load)}
    </>
  );
}
