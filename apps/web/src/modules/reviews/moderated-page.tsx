import type { ModerationState } from '@shuyuan/contracts/reviews/review';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import { fmtTime } from '../../kit/time.ts';
import type { FieldDef } from '../../kit/types.ts';
import { CLASS_FIELD, GRADE_FIELD } from '../circ-records/shared.ts';
import { ModerationTag, STATE_OPTIONS, useModeration } from './moderation.tsx';

export interface ModeratedRow {
  id: number;
  state: ModerationState;
  rejectReason: string;
  readerName: string;
  account: string;
}

/**
 * A moderated list screen (/bookreview, /reading-share): state, reader, grade and class, days written as filters;
 * the entity's own columns between; pass / reject one or many (with a reason), delete and export from the kit.
 */
export function ModeratedPage<R extends ModeratedRow>(p: {
  area: string;
  entity: string;
  permission: string;
  moderateUrl: string;
  title: string;
  help: string;
  listQuery: z.ZodType;
  fields: FieldDef<R>[];
}) {
  const { t } = useTranslation();
  const m = useModeration<R>(p.moderateUrl, `${p.permission}:audit`);
  const fields: FieldDef<R>[] = [
    {
      name: 'state',
      label: 'reviews.col.state',
      type: 'select',
      inSearch: true,
      options: STATE_OPTIONS,
      render: (v, r) => <ModerationTag state={v} reason={r.rejectReason} />,
      width: 100,
    },
    ...p.fields,
    { name: 'reader', label: 'reviews.col.reader', inSearch: true, inTable: false },
    { name: 'readerName', label: 'reviews.col.reader', render: (v, r) => `${v} (${r.account})`, width: 160 },
    {
      name: 'gradeId',
      label: 'reviews.col.grade',
      type: 'select',
      inSearch: true,
      options: GRADE_FIELD.options,
      dataIndex: 'gradeName',
      priority: 2,
    },
    {
      name: 'classId',
      label: 'reviews.col.class',
      type: 'select',
      inSearch: true,
      options: CLASS_FIELD.options,
      dataIndex: 'className',
      priority: 2,
    },
    { name: 'rejectReason', label: 'reviews.col.reason', priority: 3 },
    { name: 'reviewedByName', label: 'reviews.col.reviewer', priority: 3 },
    { name: 'from', label: 'reviews.filter.from', type: 'date', inSearch: true, inTable: false },
    { name: 'to', label: 'reviews.filter.to', type: 'date', inSearch: true, inTable: false },
    { name: 'createdAt', label: 'reviews.col.createdAt', render: (v) => fmtTime(v), width: 170 },
  ];
  return (
    <>
      <Typography.Paragraph type="secondary">{t(p.help)}</Typography.Paragraph>
      <ResourcePage<R>
        def={{
          area: p.area,
          entity: p.entity,
          permission: p.permission,
          title: p.title,
          contracts: { create: p.listQuery, update: p.listQuery },
          can: { add: false, edit: false },
          exportable: true,
          selectable: true,
          rowActions: m.rowActions,
          toolbar: m.toolbar,
          fields,
        }}
      />
      {m.dialog}
    </>
  );
}

/** Long text in a cell: three lines, expandable. */
export function LongText({ children }: { children: string }) {
  return (
    <Typography.Paragraph ellipsis={{ rows: 3, expandable: true }} style={{ margin: 0 }}>
      {children}
    </Typography.Paragraph>
  );
}
