import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Grid, Popover, Space, type TableColumnsType, Tooltip } from 'antd';
import type { Breakpoint } from 'antd/es/_util/responsiveObserver';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../app/auth/session.ts';

/**
 * Column priorities and the column chooser of list screens (issue 14 §4).
 *
 * Priority: 1 (default) always shows; 2 shows from 1200 px wide (xl); 3 from 1600 px (xxl) — so at 1024 px a
 * table keeps its key columns on screen instead of pushing them off to the right. What the user chooses wins:
 * the chooser lists every column; a column ticked shows at any width, one unticked never shows. The choice is
 * remembered per user and per table in this browser (localStorage), until "Reset".
 */
export type ColumnPriority = 1 | 2 | 3;

const RESPONSIVE: Record<ColumnPriority, Breakpoint[] | undefined> = {
  1: undefined,
  2: ['xl'],
  3: ['xxl'],
};

/** Storage key of a user's column choice for one table. */
export const columnsKey = (userId: number | string, table: string) => `shuyuan.columns.${userId}.${table}`;

/** A user's explicit choice: column key → shown. Columns not named follow their priority. */
type Choice = Record<string, boolean>;

function readChoice(key: string): Choice {
  try {
    const v = JSON.parse(localStorage.getItem(key) ?? '{}');
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Choice) : {};
  } catch {
    return {};
  }
}

/** Applies priorities and the stored choice to columns (pure: tested without a browser). */
export function applyColumnChoice<R>(
  columns: TableColumnsType<R>,
  priorities: Record<string, ColumnPriority | undefined>,
  choice: Choice,
): TableColumnsType<R> {
  return columns
    .filter((c) => choice[String(c.key)] !== false)
    .map((c) => {
      const k = String(c.key);
      if (choice[k] === true) return { ...c, responsive: undefined };
      const r = RESPONSIVE[priorities[k] ?? 1];
      return r ? { ...c, responsive: r } : c;
    });
}

/**
 * The columns to show, and the chooser button for the table's toolbar. `table` names the table (unique per
 * screen); every column needs a `key`; columns without a title (operations, expanders) are never hidden.
 */
export function useColumnChoice<R>(
  table: string,
  columns: TableColumnsType<R>,
  priorities: Record<string, ColumnPriority | undefined> = {},
) {
  const { t } = useTranslation();
  const { user } = useSession();
  const key = columnsKey(user?.userId ?? 0, table);
  const [choice, setChoice] = useState<Choice>(() => readChoice(key));
  const save = (next: Choice) => {
    setChoice(next);
    if (Object.keys(next).length) localStorage.setItem(key, JSON.stringify(next));
    else localStorage.removeItem(key);
  };
  const choosable = columns.filter((c) => c.title && c.key !== undefined && c.fixed !== 'right');
  const screens = Grid.useBreakpoint();
  const byWidth = (p: ColumnPriority) => p === 1 || (p === 2 && !!screens.xl) || (p === 3 && !!screens.xxl);
  const shownNow = (k: string) => choice[k] ?? byWidth(priorities[k] ?? 1);
  const chooser = (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('kit.columns.title')}
      content={
        <Space direction="vertical" data-testid="column-chooser">
          {choosable.map((c) => {
            const k = String(c.key);
            return (
              <Checkbox
                key={k}
                checked={shownNow(k)}
                data-column={k}
                onChange={(e) => save({ ...choice, [k]: e.target.checked })}
              >
                {c.title as string}
              </Checkbox>
            );
          })}
          <Button size="small" type="link" onClick={() => save({})} style={{ padding: 0 }}>
            {t('kit.columns.reset')}
          </Button>
        </Space>
      }
    >
      <Tooltip title={t('kit.columns.title')}>
        <Button icon={<SettingOutlined />} aria-label={t('kit.columns.title')} data-testid="columns-button" />
      </Tooltip>
    </Popover>
  );
  return { columns: applyColumnChoice(columns, priorities, choice), chooser };
}
