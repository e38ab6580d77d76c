import { P } from '@shuyuan/contracts/common/paths';
import {
  RECOMMEND_CODE,
  RECOMMEND_STATES,
  type RecommendationDto,
  RecommendationCreate,
  RecommendationUpdate,
} from '@shuyuan/contracts/reviews/recommendation';
import { App, Input, Tag } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import { fmtTime } from '../../kit/time.ts';
import type { ResourcePageDef } from '../../kit/types.ts';
import { CLASS_FIELD, GRADE_FIELD } from '../circ-records/shared.ts';
import { RecordPicker } from './record-picker.tsx';

const A = `${P}/Recommend`;
const AUDIT = `${RECOMMEND_CODE}:audit`;
const LABELS = { url: `${A}/GetLabelList`, body: { Rows: 500 }, list: true, value: 'id', label: 'name' };
const COLOR = { pending: 'gold', approved: 'green', rejected: 'red' } as const;

/** /recommended-teacher (教师荐书): teachers recommend books to classes and grades; approve, push to readers. */
export default function RecommendPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const reason = useRef('');
  const call = async (url: string, body: object, done: string, reload: () => void) => {
    await api.post(url, body);
    notify.success(t(done));
    reload();
  };
  const reject = (row: RecommendationDto, reload: () => void) => {
    reason.current = '';
    modal.confirm({
      title: t('reviews.moderate.rejectTitle', { count: 1 }),
      content: (
        <Input.TextArea
          rows={3}
          maxLength={500}
          aria-label={t('reviews.moderate.reason')}
          placeholder={t('reviews.moderate.reason')}
          onChange={(e) => {
            reason.current = e.target.value;
          }}
        />
      ),
      onOk: () => {
        if (!reason.current.trim()) {
          notify.error(t('reviews.moderate.reasonRequired'));
          return Promise.reject(new Error('reason'));
        }
        return call(
          `${A}/AuditRecommendations`,
          { ids: [row.id], approve: false, reason: reason.current },
          'reviews.recommend.rejected',
          reload,
        );
      },
    });
  };
  const def: ResourcePageDef<RecommendationDto> = {
    area: 'Recommend',
    entity: 'Recommendation',
    permission: RECOMMEND_CODE,
    title: 'reviews.recommend.entity',
    contracts: { create: RecommendationCreate, update: RecommendationUpdate },
    rowActions: [
      {
        key: 'approve',
        label: 'reviews.recommend.approve',
        permission: AUDIT,
        onClick: (r, h) =>
          void call(
            `${A}/AuditRecommendations`,
            { ids: [r!.id], approve: true },
            'reviews.recommend.approved',
            h.reload,
          ),
      },
      {
        key: 'reject',
        label: 'reviews.moderate.reject',
        permission: AUDIT,
        danger: true,
        onClick: (r, h) => reject(r!, h.reload),
      },
      {
        key: 'push',
        label: 'reviews.recommend.push',
        permission: AUDIT,
        onClick: (r, h) =>
          void call(
            `${A}/PushRecommendations`,
            { ids: [r!.id], pushed: !r!.pushed },
            r!.pushed ? 'reviews.recommend.unpushedDone' : 'reviews.recommend.pushedDone',
            h.reload,
          ),
      },
    ],
    fields: [
      {
        name: 'recordId',
        label: 'reviews.col.title',
        type: 'custom',
        dataIndex: 'title',
        width: 200,
        input: (p) => <RecordPicker {...p} />,
      },
      { name: 'reason', label: 'reviews.recommend.reason', type: 'textarea', width: 260 },
      {
        name: 'labelIds',
        label: 'reviews.recommend.labels',
        type: 'select',
        multiple: true,
        options: LABELS,
        render: (_v, r) => r.labels.join('、'),
      },
      {
        name: 'labelId',
        label: 'reviews.recommend.labels',
        type: 'select',
        options: LABELS,
        inSearch: true,
        inTable: false,
        inForm: false,
      },
      {
        name: 'gradeIds',
        label: 'reviews.col.grade',
        type: 'select',
        multiple: true,
        options: GRADE_FIELD.options,
        inTable: false,
      },
      {
        name: 'classIds',
        label: 'reviews.col.class',
        type: 'select',
        multiple: true,
        options: CLASS_FIELD.options,
        render: (_v, r) => r.targets.join('、'),
      },
      { name: 'teacherName', label: 'reviews.recommend.teacher', inForm: false },
      {
        name: 'state',
        label: 'reviews.col.state',
        type: 'select',
        inSearch: true,
        inForm: false,
        options: RECOMMEND_STATES.map((s) => ({ value: s, label: `reviews.recommend.state.${s}` })),
        render: (v: RecommendationDto['state'], r) => (
          <Tag color={COLOR[v]} title={r.rejectReason || undefined}>
            {t(`reviews.recommend.state.${v}`)}
          </Tag>
        ),
      },
      {
        name: 'pushed',
        label: 'reviews.recommend.pushed',
        type: 'select',
        inSearch: true,
        inForm: false,
        options: [
          { value: true, label: 'reviews.recommend.pushedYes' },
          { value: false, label: 'reviews.recommend.pushedNo' },
        ],
        render: (v: boolean, r) =>
          v ? `${t('reviews.recommend.pushedYes')} ${fmtTime(r.pushedAt)}` : t('reviews.recommend.pushedNo'),
      },
    ],
  };
  return <ResourcePage def={def} />;
}
