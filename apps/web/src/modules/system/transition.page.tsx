import {
  TRANSLATION_PATHS,
  TRANSLATION_PERMISSION,
  type Translation,
  TranslationCreate,
  TranslationUpdate,
} from '@shuyuan/contracts/translation/translation';
import { Tag } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import type { ActionHelpers, ResourcePageDef } from '../../kit/types.ts';
import { KeyFinder } from './key-finder.tsx';
import { refreshOverrides, rememberApplied } from './live-i18n.ts';

function RangeTag({ all }: { all: boolean }) {
  const { t } = useTranslation();
  return <Tag color={all ? 'purple' : 'blue'}>{t(`system.transition.range.${all ? 'all' : 'school'}`)}</Tag>;
}

/** /sys/transition: overrides of interface and API texts, per school or for all schools; they apply live. */
export default function TransitionPage() {
  const [finding, setFinding] = useState(false);
  const helpers = useRef<ActionHelpers<Translation> | null>(null);
  useEffect(() => {
    void rememberApplied().catch(() => {});
  }, []);
  const def = useMemo<ResourcePageDef<Translation>>(
    () => ({
      area: 'Config',
      entity: 'Translation',
      paths: TRANSLATION_PATHS,
      permission: TRANSLATION_PERMISSION,
      title: 'system.transition.entity',
      contracts: { create: TranslationCreate, update: TranslationUpdate },
      exportable: true,
      fields: [
        { name: 'key', label: 'system.transition.key', readOnlyOnEdit: true, width: 260 },
        { name: 'zh', label: 'system.transition.zh', type: 'textarea' },
        { name: 'en', label: 'system.transition.en', type: 'textarea' },
        {
          name: 'allSchools',
          label: 'system.transition.range.label',
          type: 'switch',
          default: false,
          width: 110,
          render: (v) => <RangeTag all={!!v} />,
          readOnlyOnEdit: true,
        },
        {
          name: 'range',
          label: 'system.transition.range.label',
          type: 'select',
          inTable: false,
          inForm: false,
          inSearch: true,
          options: [
            { value: 'school', label: 'system.transition.range.school' },
            { value: 'all', label: 'system.transition.range.all' },
          ],
        },
        {
          name: 'updatedAt',
          label: 'system.transition.updatedAt',
          inForm: false,
          width: 170,
          render: (v) => (v ? new Date(String(v)).toLocaleString() : ''),
        },
      ],
      toolbar: [
        {
          key: 'find',
          label: 'system.transition.findKey',
          onClick: (_row, h) => {
            helpers.current = h;
            setFinding(true);
          },
        },
      ],
      onChange: () => void refreshOverrides().catch(() => {}),
    }),
    [],
  );
  return (
    <>
      <ResourcePage def={def} />
      <KeyFinder
        open={finding}
        onClose={() => setFinding(false)}
        onUse={(r) => {
          setFinding(false);
          helpers.current?.openAdd({ key: r.key, zh: r.zh, en: r.en });
        }}
      />
    </>
  );
}
