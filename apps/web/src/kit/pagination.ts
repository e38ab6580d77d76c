import { PAGE_SIZE_DEFAULT, PAGE_SIZES } from '@shuyuan/contracts/common/envelope';
import type { TablePaginationConfig } from 'antd';
import type { TFunction } from 'i18next';

/**
 * Spec §9 pagination: 20 per page by default, sizes 5/10/20/30/40, 5 pager buttons (antd's showLessItems),
 * layout sizes, total, prev, pager, next, jumper.
 */
export function specPagination(
  t: TFunction,
  page: number,
  rows: number,
  total: number,
  onChange: (page: number, rows: number) => void,
): TablePaginationConfig {
  return {
    current: page,
    pageSize: rows,
    total,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZES.map(String),
    showLessItems: true,
    showQuickJumper: true,
    showTotal: (n) => t('kit.table.total', { count: n }),
    onChange,
    defaultPageSize: PAGE_SIZE_DEFAULT,
  };
}
