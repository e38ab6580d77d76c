import { ColorPicker, DatePicker, Input, InputNumber, Select, Switch, TreeSelect } from 'antd';
import type { FormItemProps } from 'antd';
import dayjs from 'dayjs';
import { type ComponentType, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../app/http.ts';
import { fenToYuan, yuanToFen } from './money.ts';
import { ImageUpload } from './ImageUpload.tsx';
import type { FieldDef } from './types.ts';
import { useOptions } from './useOptions.ts';

/**
 * Form.Item props per field type. The form keeps WIRE values (fen, 'YYYY-MM-DD', '#rrggbb'); controls show
 * them converted through getValueProps/normalize, so the body sent is exactly what the contract expects.
 */
export function itemProps(f: FieldDef): Partial<FormItemProps> {
  switch (f.type) {
    case 'switch':
      return { valuePropName: 'checked' };
    case 'money':
      return { getValueProps: (v) => ({ value: fenToYuan(v) }), normalize: yuanToFen };
    case 'date':
      return {
        getValueProps: (v) => ({ value: v ? dayjs(v) : undefined }),
        normalize: (d) => (d ? dayjs(d).format('YYYY-MM-DD') : null),
      };
    case 'color':
      return { normalize: (c) => (c == null ? null : typeof c === 'string' ? c : c.toHexString()) };
    default:
      return {};
  }
}

type TreeNode = { value: number; title: string; disabled?: boolean; children?: TreeNode[] };

function toTree(nodes: any[], label: string, exclude?: number): TreeNode[] {
  // A node cannot become its own parent (nor a child of its descendants): that branch is left out.
  return nodes
    .filter((n) => n.id !== exclude)
    .map((n) => ({
      value: n.id,
      title: String(n[label] ?? n.name ?? n.id),
      children: n.children?.length ? toTree(n.children, label, exclude) : undefined,
    }));
}

function ParentSelect({ field, url, selfId, ...rest }: { field: FieldDef; url: string; selfId?: number } & any) {
  const { t } = useTranslation();
  const [tree, setTree] = useState<TreeNode[]>([]);
  useEffect(() => {
    let alive = true;
    api
      .post<any>(url, { Tree: true, Page: 1, Rows: 500 })
      .then((d) => alive && setTree(toTree(Array.isArray(d) ? d : (d?.List ?? []), field.treeLabel ?? 'name', selfId)))
      .catch(() => {});
    return () => {
      alive = false;
    };
  }, [url, selfId, field.treeLabel]);
  return <TreeSelect allowClear treeDefaultExpandAll treeData={tree} placeholder={t('kit.form.none')} {...rest} />;
}

function SelectControl({ field, ...rest }: { field: FieldDef } & any) {
  const { t } = useTranslation();
  const options = useOptions(field);
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      mode={field.multiple ? 'multiple' : undefined}
      options={options}
      placeholder={t('kit.form.choose')}
      {...rest}
    />
  );
}

export interface ControlProps {
  field: FieldDef;
  listUrl: string;
  row?: any;
  disabled?: boolean;
  /** In the search form: compact controls, switches become yes/no selects. */
  search?: boolean;
  value?: any;
  onChange?: (v: any) => void;
  /** Anything else goes to the antd control (style, placeholder …). */
  [extra: string]: unknown;
}

/** The input control of one field (form or search bar). */
export function FieldControl({ field: f, listUrl, row, disabled, search, ...rest }: ControlProps) {
  const p = { disabled, ...f.props, ...rest };
  switch (f.type) {
    case 'textarea':
      return search ? <Input allowClear {...p} /> : <Input.TextArea rows={3} {...p} />;
    case 'number':
      return <InputNumber style={{ width: '100%' }} {...p} />;
    case 'money':
      return <InputNumber style={{ width: '100%' }} min={0} precision={2} step={1} {...p} />;
    case 'select':
      return <SelectControl field={f} {...p} />;
    case 'switch':
      return search ? (
        <SelectControl
          field={{
            ...f,
            options: [
              { value: true, label: 'kit.yes' },
              { value: false, label: 'kit.no' },
            ],
          }}
          {...p}
        />
      ) : (
        <Switch {...p} />
      );
    case 'date':
      return <DatePicker style={{ width: '100%' }} {...p} />;
    case 'color':
      return <ColorPicker showText format="hex" {...p} />;
    case 'tree-select':
      return <ParentSelect field={f} url={f.treeUrl ?? listUrl} selfId={row?.id} {...p} />;
    case 'image':
      return <ImageUpload {...p} category={f.imageCategory} />;
    case 'password':
      return <Input.Password autoComplete="new-password" {...p} />;
    case 'custom': {
      // Rendered as a component (not called) so a custom control may use hooks.
      const Custom = f.input as ComponentType<any> | undefined;
      return Custom ? <Custom {...p} row={row} /> : null;
    }
    default:
      return <Input allowClear={search} {...p} />;
  }
}
