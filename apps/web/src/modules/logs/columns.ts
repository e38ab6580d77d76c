import type { TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Compact column definitions: [title i18n key, cell, width]. */
export function useColumns<R>(cols: [string, (row: R) => ReactNode, number?][]): TableColumnsType<R> {
  const { t } = useTranslation();
  return cols.map(([title, cell, width]) => ({
    key: title,
    title: t(title),
    width,
    render: (_: unknown, r: R) => cell(r),
  }));
}
