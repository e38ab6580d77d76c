import {
  ActivityCreate,
  type ActivityDto,
  ActivityUpdate,
  THEME_CODE,
  type ThemeDto,
} from '@shuyuan/contracts/themes/theme';
import { Drawer } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import type { ResourcePageDef } from '../../kit/types.ts';
import { TasksInput, taskSummary } from './tasks-input.tsx';

/** The activities of one theme (e.g. a reading-month contest): own period inside the theme's, own tasks. */
export function ActivitiesDrawer({ theme, onClose }: { theme: ThemeDto | null; onClose: () => void }) {
  const { t } = useTranslation();
  const themeId = theme?.id ?? 0;
  const def = useMemo<ResourcePageDef<ActivityDto>>(
    () => ({
      area: 'Themes',
      entity: 'Activity',
      permission: THEME_CODE,
      title: 'themes.activityEntity',
      contracts: { create: ActivityCreate, update: ActivityUpdate },
      listBody: { themeId },
      modalWidth: 900,
      fields: [
        { name: 'title', label: 'themes.field.title' },
        { name: 'startDate', label: 'themes.field.startDate', type: 'date', span: 12, width: 120 },
        { name: 'endDate', label: 'themes.field.endDate', type: 'date', span: 12, width: 120 },
        {
          name: 'tasks',
          label: 'themes.field.tasks',
          type: 'custom',
          default: [],
          render: (v: ActivityDto['tasks']) => taskSummary(v, t),
          input: (p) => <TasksInput {...p} />,
        },
        { name: 'cover', label: 'themes.field.cover', type: 'image', imageCategory: 'picture', inTable: false },
        {
          name: 'description',
          label: 'themes.field.description',
          type: 'textarea',
          inTable: false,
          props: { rows: 3, maxLength: 4000 },
        },
      ],
      toForm: (row) => ({ ...row, tasks: row.tasks.map(({ activityId: _a, ...x }) => x) }),
      fromForm: (v) => ({ ...v, themeId, cover: v.cover ?? '' }),
    }),
    [t, themeId],
  );
  return (
    <Drawer
      open={!!theme}
      width={1000}
      title={theme ? t('themes.activitiesOf', { title: theme.title }) : ''}
      onClose={onClose}
      destroyOnHidden
    >
      {theme && <ResourcePage def={def} />}
    </Drawer>
  );
}
