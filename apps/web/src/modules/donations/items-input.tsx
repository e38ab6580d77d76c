import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { DonationItemInput } from '@shuyuan/contracts/donations/donation';
import { Button, Input, InputNumber, Space } from 'antd';
import { useTranslation } from 'react-i18next';

type Line = Partial<DonationItemInput>;

/** The books of a donation: each line a copy's barcode (catalogued) or a title still to catalogue, with copies. */
export function ItemsInput({ value, onChange }: { value?: Line[]; onChange?: (v: Line[]) => void }) {
  const { t } = useTranslation();
  const lines = value?.length ? value : [{}];
  const set = (i: number, patch: Line) => onChange?.(lines.map((l, n) => (n === i ? { ...l, ...patch } : l)));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {lines.map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity of their own
        <Space key={i} wrap data-testid={`donation-line-${i}`}>
          <Input
            style={{ width: 140 }}
            placeholder={t('donations.item.barcode')}
            value={l.barcode}
            onChange={(e) => set(i, { barcode: e.target.value })}
          />
          <Input
            style={{ width: 200 }}
            placeholder={t('donations.item.title')}
            value={l.title}
            disabled={!!l.barcode}
            onChange={(e) => set(i, { title: e.target.value })}
          />
          <Input
            style={{ width: 120 }}
            placeholder={t('donations.item.author')}
            value={l.author}
            disabled={!!l.barcode}
            onChange={(e) => set(i, { author: e.target.value })}
          />
          <Input
            style={{ width: 140 }}
            placeholder="ISBN"
            value={l.isbn}
            disabled={!!l.barcode}
            onChange={(e) => set(i, { isbn: e.target.value })}
          />
          <InputNumber
            min={1}
            max={999}
            style={{ width: 80 }}
            value={l.copies ?? 1}
            disabled={!!l.barcode}
            aria-label={t('donations.item.copies')}
            onChange={(v) => set(i, { copies: v ?? 1 })}
          />
          <Button
            icon={<DeleteOutlined />}
            aria-label={t('donations.item.remove')}
            disabled={lines.length === 1}
            onClick={() => onChange?.(lines.filter((_l, n) => n !== i))}
          />
        </Space>
      ))}
      <Button icon={<PlusOutlined />} onClick={() => onChange?.([...lines, {}])}>
        {t('donations.item.add')}
      </Button>
    </Space>
  );
}
