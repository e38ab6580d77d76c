import type { MarcField, MarcRecord } from '@shuyuan/contracts/marc/record';
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const line = (f: MarcField) =>
  'value' in f
    ? `${f.tag}    ${f.value}`
    : `${f.tag} ${f.ind1}${f.ind2} ${f.subfields.map((s) => `$${s.code}${s.value}`).join('')}`;

/** Read-only MARC of an imported record, one field a line as cataloguers read it ($a…). */
export function MarcView({ marc }: { marc: unknown }) {
  const { t } = useTranslation();
  const rec = marc as Partial<MarcRecord>;
  const text = Array.isArray(rec?.fields)
    ? [`LDR    ${rec.leader ?? ''}`, ...rec.fields.map(line)].join('\n')
    : JSON.stringify(marc, null, 2);
  return (
    <Card size="small" title={t('catalogue.record.marc')} className="sy-marc-view">
      <Typography.Paragraph>
        <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{text}</pre>
      </Typography.Paragraph>
    </Card>
  );
}
