import { P } from '@shuyuan/contracts/common/paths';
import { Descriptions, Drawer, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';
import { MarcView } from '../catalogue/marc-view.tsx';
import type { RecordRow } from '../catalogue/types.ts';

/** A member's shared record in full, before it is copied: fields, subjects and its MARC. */
export function SharedRecord({
  target,
  onClose,
}: {
  target: { unionId: number; recordId: number } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [rec, setRec] = useState<(RecordRow & { marc?: unknown }) | null>(null);
  useEffect(() => {
    setRec(null);
    if (!target) return;
    api
      .post<RecordRow & { marc?: unknown }>(`${P}/Union/GetSharedRecord`, target)
      .then(setRec)
      .catch(() => onClose());
  }, [target, onClose]);
  return (
    <Drawer open={!!target} width={640} title={rec?.title} onClose={onClose} destroyOnHidden>
      {rec && (
        <>
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t('union.search.author')}>{rec.author}</Descriptions.Item>
            <Descriptions.Item label={t('union.search.publisher')}>{rec.publisher}</Descriptions.Item>
            <Descriptions.Item label={t('union.search.year')}>{rec.pubYear}</Descriptions.Item>
            <Descriptions.Item label="ISBN">{rec.isbn}</Descriptions.Item>
            <Descriptions.Item label={t('union.search.classNo')}>{rec.classNo}</Descriptions.Item>
            <Descriptions.Item label={t('union.catalog.subjects')}>
              {(rec.subjects ?? []).map((s) => (
                <Tag key={s}>{s}</Tag>
              ))}
            </Descriptions.Item>
          </Descriptions>
          {rec.marc ? <MarcView marc={rec.marc} /> : null}
        </>
      )}
    </Drawer>
  );
}
