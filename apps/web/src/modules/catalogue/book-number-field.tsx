import type { BookNumberLock, BookNumberSuggestion } from '@shuyuan/contracts/catalogue/book-number';
import { P } from '@shuyuan/contracts/common/paths';
import { Button, Input, Space, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';

interface Props {
  value?: string;
  onChange?: (v: string) => void;
  classNo?: string;
  author?: string;
  /** The record being edited (or just saved): left out of the same-call-number check, which names the others. */
  recordId?: number;
  canLock: boolean;
}

type Same = { id: number; title: string; author: string }[];

/**
 * Book number (书次号): typed, or suggested under the school's rule (种次号 or author number), or locked —
 * the number shown is held for this cataloguer until the record is saved, it is unlocked, or 30 minutes pass.
 * Records already using the same class + book number are named under the field.
 */
export function BookNumberField({ value, onChange, classNo, author, recordId, canLock }: Props) {
  const { t } = useTranslation();
  const [locked, setLocked] = useState<{ classNo: string; bookNo: string } | null>(null);
  const [same, setSame] = useState<Same>([]);
  const cls = (classNo ?? '').trim();

  useEffect(() => {
    if (!cls || !value) return setSame([]);
    const timer = setTimeout(() => {
      api
        .post<Same>(
          `${P}/Literature/GetEqualIndexNumItem`,
          { classNo: cls, bookNo: value, excludeId: recordId },
          { showError: false },
        )
        .then(setSame)
        .catch(() => setSame([]));
    }, 300);
    return () => clearTimeout(timer);
  }, [cls, value, recordId]);

  const needClass = () => {
    if (cls) return false;
    notify.info(t('catalogue.bookNo.needClass'));
    return true;
  };
  const suggest = async () => {
    if (needClass()) return;
    const s = await api.post<BookNumberSuggestion>(`${P}/Literature/GetItemListNumCalculate`, { classNo: cls, author });
    if (!s.bookNo) notify.info(t('catalogue.bookNo.noAuthor'));
    else onChange?.(s.bookNo);
  };
  const lock = async () => {
    if (needClass()) return;
    const r = await api.post<BookNumberLock>(`${P}/Catalogue/LockBookNumber`, { classNo: cls, bookNo: value ?? '' });
    setLocked({ classNo: cls, bookNo: r.bookNo });
    onChange?.(r.bookNo);
    notify.success(t('catalogue.bookNo.lockedMsg', { bookNo: r.bookNo }));
  };
  const unlock = async () => {
    if (!locked) return;
    await api.post(`${P}/Catalogue/UnlockBookNumber`, locked);
    setLocked(null);
  };

  return (
    <div>
      <Space.Compact style={{ width: '100%' }}>
        <Input allowClear className="sy-bookno-input" value={value} onChange={(e) => onChange?.(e.target.value)} />
        <Tooltip title={t('catalogue.bookNo.suggestHelp')}>
          <Button className="sy-bookno-suggest" onClick={() => void suggest().catch(() => {})}>
            {t('catalogue.bookNo.suggest')}
          </Button>
        </Tooltip>
        {canLock &&
          (locked ? (
            <Button onClick={() => void unlock().catch(() => {})}>{t('catalogue.bookNo.unlock')}</Button>
          ) : (
            <Tooltip title={t('catalogue.bookNo.lockHelp')}>
              <Button onClick={() => void lock().catch(() => {})}>{t('catalogue.bookNo.lock')}</Button>
            </Tooltip>
          ))}
      </Space.Compact>
      {same.length > 0 && (
        <Typography.Text type="warning" className="sy-bookno-same">
          {t('catalogue.bookNo.same', {
            count: same.length,
            titles: same.map((s) => (s.author ? `${s.title}（${s.author}）` : s.title)).join('、'),
          })}
        </Typography.Text>
      )}
    </div>
  );
}
