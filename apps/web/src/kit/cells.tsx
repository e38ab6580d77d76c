import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { readPath } from './convert.ts';
import { formatMoney } from './money.ts';
import type { FieldDef } from './types.ts';
import { UploadedImage } from './UploadedImage.tsx';
import { useOptions } from './useOptions.ts';

function OptionCell({ field, value }: { field: FieldDef; value: unknown }) {
  const options = useOptions(field);
  // A multiple select may travel as a comma-separated string (e.g. a school's learning periods).
  const values = Array.isArray(value)
    ? value
    : field.multiple && typeof value === 'string'
      ? value.split(',').filter(Boolean)
      : [value];
  const labels = values.map((v) => options.find((o) => o.value === v)?.label ?? (v == null ? '' : String(v)));
  return <>{labels.join(', ')}</>;
}

function BoolCell({ value }: { value: unknown }) {
  const { t } = useTranslation();
  return <Tag color={value ? 'green' : undefined}>{t(value ? 'kit.yes' : 'kit.no')}</Tag>;
}

/** A table cell for one field, by type (custom `render` wins). */
export function renderCell(f: FieldDef, row: any): ReactNode {
  const value = readPath(row, f.dataIndex ?? f.name);
  if (f.render) return f.render(value, row);
  switch (f.type) {
    case 'money':
      return formatMoney(value);
    case 'select':
      // A select shown through another DTO field (dataIndex, e.g. branchName) is already a label.
      return f.dataIndex ? String(value ?? '') : <OptionCell field={f} value={value} />;
    case 'switch':
      return <BoolCell value={value} />;
    case 'color':
      return value ? (
        <span>
          <span
            style={{
              display: 'inline-block',
              width: 14,
              height: 14,
              background: String(value),
              marginRight: 6,
              verticalAlign: -2,
              border: '1px solid #ddd',
            }}
          />
          {String(value)}
        </span>
      ) : null;
    case 'image':
      return value ? <UploadedImage src={String(value)} width={40} height={40} style={{ objectFit: 'cover' }} /> : null;
    case 'password':
      return null;
    default:
      return value == null ? '' : String(value);
  }
}
