import { P } from '@shuyuan/contracts/common/paths';
import { ARRIVAL_SCREENS, type CheckInResult, type IssueRow } from '@shuyuan/contracts/serials/arrival';
import type { SerialKind } from '@shuyuan/contracts/serials/pattern';
import { type TableColumnsType, Tag } from 'antd';
import type { TFunction } from 'i18next';

/** Routes and permission codes of a kind's arrival screens. */
export function arrivalOf(kind: SerialKind) {
  const s = ARRIVAL_SCREENS[kind];
  return { ...s, base: `${P}/Serials/${s.area}` };
}

/** "2027年第3期 第5卷 总第123期" / "2027 no. 3 vol. 5 whole no. 123". */
export function issueText(t: TFunction, r: Pick<IssueRow, 'year' | 'issueNo' | 'volume' | 'wholeNo'>): string {
  return [
    t('serialsArrival.label.issue', { year: r.year, issue: r.issueNo ?? '?' }),
    r.volume != null ? t('serialsArrival.label.volume', { volume: r.volume }) : '',
    r.wholeNo != null ? t('serialsArrival.label.whole', { whole: r.wholeNo }) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

const COLORS: Record<string, string> = {
  arrived: 'green',
  late: 'red',
  claimed: 'orange',
  missing: 'volcano',
  expected: 'default',
};

/** The issue's state as a tag; an expected issue past its date plus the grace days shows as late. */
export function StateTag({ t, row }: { t: TFunction; row: Pick<IssueRow, 'state' | 'late'> }) {
  const s = row.state === 'expected' && row.late ? 'late' : row.state;
  return (
    <Tag color={COLORS[s]} className={`sy-issue-state-${s}`}>
      {t(`serialsArrival.state.${s}`)}
    </Tag>
  );
}

/** The columns every issue list starts with: postal code, title, issue, expected date, state. */
export function issueColumns<R extends IssueRow>(t: TFunction): TableColumnsType<R> {
  return [
    { title: t('serialsArrival.col.postalCode'), dataIndex: 'postalCode', width: 110 },
    { title: t('serialsArrival.col.title'), dataIndex: 'title', ellipsis: true },
    { title: t('serialsArrival.col.issue'), render: (_, r) => issueText(t, r) },
    { title: t('serialsArrival.col.expectedDate'), dataIndex: 'expectedDate', width: 120 },
    { title: t('serialsArrival.col.state'), width: 100, render: (_, r) => <StateTag t={t} row={r} /> },
  ];
}

/** "Checked in “title” 2027 no. 3, 3 copies: 00000001, …" */
export function doneText(t: TFunction, r: CheckInResult): string {
  return t('serialsArrival.scan.done', {
    title: r.issue.title,
    label: issueText(t, r.issue),
    count: r.barcodes.length,
    barcodes: r.barcodes.join(', '),
  });
}
