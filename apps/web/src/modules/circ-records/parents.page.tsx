import { Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoanList, type LoanRow } from './loan-list.tsx';
import { ParentLinks } from './parent-links.tsx';
import { URLS } from './shared.ts';

function ParentsCell({ row }: { row: LoanRow }) {
  const { t } = useTranslation();
  return (
    <>
      {(row.parents ?? []).map((p) => (
        <Tag key={`${p.name}-${p.relation}`}>
          {p.name} · {t(`circRecords.relation.${p.relation}`)}
        </Tag>
      ))}
    </>
  );
}

function ParentLoans({ open }: { open: boolean }) {
  const { t } = useTranslation();
  return (
    <LoanList
      url={open ? URLS.parentNoReturn : URLS.parentLoans}
      filters={['parent', 'state']}
      states={open ? ['open', 'overdue'] : undefined}
      hide={open ? ['returned'] : undefined}
      exportUrl={open ? URLS.exportParentNoReturn : URLS.exportParentLoans}
      exportPermission={open ? 'parents-no-return:export' : 'parents-br-records:export'}
      extraColumns={[
        {
          title: t('circRecords.parents.parents'),
          key: 'parents',
          width: 200,
          render: (_, r) => <ParentsCell row={r} />,
        },
      ]}
    />
  );
}

/** /parents-br-records: loans of students linked to parents, and the parent–student links. */
export default function ParentRecordsPage() {
  const { t } = useTranslation();
  return (
    <Tabs
      items={[
        { key: 'loans', label: t('circRecords.parents.loansTab'), children: <ParentLoans open={false} /> },
        { key: 'links', label: t('circRecords.parents.linksTab'), children: <ParentLinks /> },
      ]}
    />
  );
}

/** /parents-no-return: items still on loan to students linked to parents. */
export function ParentNoReturnPage() {
  return <ParentLoans open />;
}
