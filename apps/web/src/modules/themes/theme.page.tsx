import { P } from '@shuyuan/contracts/common/paths';
import { THEME_CODE, ThemeCreate, type ThemeDto, ThemeUpdate } from '@shuyuan/contracts/themes/theme';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { opacUrl } from '../../app/constants.ts';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import type { ResourcePageDef } from '../../kit/types.ts';
import { publishActions, publishFields } from '../bulletin/publish.tsx';
import { ActivitiesDrawer } from './activities-drawer.tsx';
import { BooksInput } from './books-input.tsx';
import { TasksInput, taskSummary } from './tasks-input.tsx';

const options = (url: string) => ({ url: `${P}/Themes/${url}`, value: 'id', label: 'name' });

/**
 * /theme-reading: reading themes (campaigns) — period, who may join (grades, classes; none = everyone), a book list
 * and tasks; each theme's activities in a drawer; publishing makes a theme joinable and public.
 */
export default function ThemePage() {
  const { t } = useTranslation();
  const [activitiesOf, setActivitiesOf] = useState<ThemeDto | null>(null);
  const def = useMemo<ResourcePageDef<ThemeDto>>(() => {
    const publish = publishActions<ThemeDto>(`${P}/Themes/PublishTheme`, THEME_CODE, t);
    return {
      area: 'Themes',
      entity: 'Theme',
      permission: THEME_CODE,
      title: 'themes.entity',
      contracts: { create: ThemeCreate, update: ThemeUpdate },
      modalWidth: 960,
      fields: [
        {
          name: 'title',
          label: 'themes.field.title',
          render: (v, row) =>
            row.published ? (
              <a href={opacUrl(`/search/themeList/details?id=${row.id}`)} target="_blank" rel="noreferrer">
                {v}
              </a>
            ) : (
              v
            ),
        },
        { name: 'startDate', label: 'themes.field.startDate', type: 'date', span: 12, width: 120 },
        { name: 'endDate', label: 'themes.field.endDate', type: 'date', span: 12, width: 120 },
        ...publishFields<ThemeDto>(),
        { name: 'participants', label: 'themes.field.participants', inForm: false, width: 90 },
        { name: 'activities', label: 'themes.field.activities', inForm: false, width: 80, priority: 2 },
        {
          name: 'gradeIds',
          label: 'themes.field.grades',
          type: 'select',
          multiple: true,
          inTable: false,
          span: 12,
          default: [],
          options: options('GetJoinGrades'),
          props: { optionFilterProp: 'label', 'data-testid': 'theme-grades' },
        },
        {
          name: 'classIds',
          label: 'themes.field.classes',
          type: 'select',
          multiple: true,
          inTable: false,
          span: 12,
          default: [],
          options: options('GetJoinClasses'),
          props: { optionFilterProp: 'label', 'data-testid': 'theme-classes' },
        },
        {
          name: 'bookIds',
          label: 'themes.field.books',
          type: 'custom',
          default: [],
          width: 70,
          render: (v: number[]) => v.length,
          input: (p) => <BooksInput {...p} initial={p.row?.books} />,
        },
        {
          name: 'tasks',
          label: 'themes.field.tasks',
          type: 'custom',
          default: [],
          priority: 2,
          render: (v: ThemeDto['tasks']) => taskSummary(v, t),
          input: (p) => <TasksInput {...p} />,
        },
        { name: 'cover', label: 'themes.field.cover', type: 'image', imageCategory: 'picture', inTable: false },
        {
          name: 'description',
          label: 'themes.field.description',
          type: 'textarea',
          inTable: false,
          props: { rows: 4, maxLength: 4000 },
        },
      ],
      toForm: (row) => ({ ...row, tasks: row.tasks.map(({ activityId: _a, ...x }) => x) }),
      fromForm: (v) => ({ ...v, cover: v.cover ?? '' }),
      rowActions: [
        ...publish.rowActions,
        { key: 'activities', label: 'themes.manageActivities', onClick: (row) => row && setActivitiesOf(row) },
      ],
      toolbar: publish.toolbar,
    };
  }, [t]);
  return (
    <>
      <ResourcePage def={def} />
      <ActivitiesDrawer theme={activitiesOf} onClose={() => setActivitiesOf(null)} />
    </>
  );
}
