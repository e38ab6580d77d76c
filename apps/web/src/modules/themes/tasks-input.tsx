import { TASK_KINDS, type TaskInput } from '@shuyuan/contracts/themes/theme';
import { Button, Input, InputNumber, Select, Space } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

type Row = Partial<TaskInput>;

/**
 * The tasks of a theme or an activity: kind (read n books of the list, review n of them, submit n pictures or
 * texts), a name, the number. An existing task keeps its id, so its submissions stay with it.
 */
export function TasksInput({ value, onChange }: { value?: Row[]; onChange?: (v: Row[]) => void }) {
  const { t } = useTranslation();
  const rows = value ?? [];
  const set = (i: number, patch: Row) => onChange?.(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <div data-testid="theme-tasks">
      {rows.map((r, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved
        <Space key={i} wrap style={{ display: 'flex', marginBottom: 8 }} data-testid={`theme-task-${i}`}>
          <Select
            aria-label={t('themes.task.kind')}
            style={{ width: 220 }}
            value={r.kind}
            onChange={(kind) => set(i, { kind })}
            options={TASK_KINDS.map((k) => ({ value: k, label: t(`themes.task.kinds.${k}`) }))}
          />
          <Input
            aria-label={t('themes.task.title')}
            placeholder={t('themes.task.title')}
            style={{ width: 220 }}
            value={r.title}
            maxLength={100}
            onChange={(e) => set(i, { title: e.target.value })}
          />
          <InputNumber
            aria-label={t('themes.task.count')}
            min={1}
            max={50}
            value={r.count ?? 1}
            onChange={(count) => set(i, { count: count ?? 1 })}
          />
          {r.kind === 'submit' && (
            <Select
              aria-label={t('themes.task.submitKind')}
              style={{ width: 100 }}
              value={r.submitKind ?? 'text'}
              onChange={(submitKind) => set(i, { submitKind })}
              options={(['text', 'picture'] as const).map((k) => ({
                value: k,
                label: t(`themes.task.submitKinds.${k}`),
              }))}
            />
          )}
          <Button danger onClick={() => onChange?.(rows.filter((_r, j) => j !== i))}>
            {t('themes.task.remove')}
          </Button>
        </Space>
      ))}
      <Button onClick={() => onChange?.([...rows, { kind: 'read', title: '', count: 1, submitKind: 'text' }])}>
        {t('themes.task.add')}
      </Button>
    </div>
  );
}

/** The tasks as a short text for the table ("read 3 · 1 reviews"). */
export function taskSummary(tasks: { kind: string; count: number }[], t: TFunction) {
  return tasks.map((x) => t(`themes.task.summary.${x.kind}`, { count: x.count })).join(' · ');
}
