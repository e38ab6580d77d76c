import type { MarcField, MarcRecord } from '@shuyuan/contracts/marc/record';
import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const blank = (c: string) => (c === ' ' ? '#' : c);

/** A MARC record as cataloguers read it: leader, then one line per field with indicators and $subfields. */
export function MarcTags({ record }: { record: MarcRecord }) {
  const { t } = useTranslation();
  const rows: { key: string; tag: string; ind: string; data: React.ReactNode }[] = [
    { key: 'ldr', tag: 'LDR', ind: '', data: <Typography.Text code>{record.leader}</Typography.Text> },
    ...record.fields.map((f: MarcField, i) => ({
      key: String(i),
      tag: f.tag,
      ind: 'value' in f ? '' : `${blank(f.ind1)}${blank(f.ind2)}`,
      data:
        'value' in f ? (
          <Typography.Text code>{f.value}</Typography.Text>
        ) : (
          <span>
            {f.subfields.map((s, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: subfields repeat and have no identity
              <span key={j}>
                <Typography.Text strong type="danger">
                  ${s.code}
                </Typography.Text>
                {s.value}{' '}
              </span>
            ))}
          </span>
        ),
    })),
  ];
  return (
    <Table
      size="small"
      rowKey="key"
      pagination={false}
      dataSource={rows}
      className="sy-marc-tags"
      columns={[
        { title: t('marc.tags.tag'), dataIndex: 'tag', width: 64 },
        { title: t('marc.tags.ind'), dataIndex: 'ind', width: 56 },
        { title: t('marc.tags.data'), dataIndex: 'data' },
      ]}
    />
  );
}
