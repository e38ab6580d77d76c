import { Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { ClassSetLend } from './class-set-lend.tsx';
import { CornerLoans } from './corner-loans.tsx';
import { CornerScope } from './corner-picker.tsx';
import { CornersSetup } from './corners-setup.tsx';

/** /class-borrow-mana: the class librarian lends the corner's books (one by one or a class set), sees its loans. */
export default function ClassBorrowPage() {
  const { t } = useTranslation();
  const canAdd = usePermission('class:add');
  const canEdit = usePermission('class:edit');
  const canSetUp = canAdd || canEdit;
  const [version, setVersion] = useState(0);
  const work = (
    <CornerScope>
      {(corner, refresh) => (
        <Tabs
          onChange={() => setVersion((v) => v + 1)}
          items={[
            {
              key: 'lend',
              label: t('classCorner.tabs.lend'),
              children: <ClassSetLend corner={corner} onLent={refresh} />,
            },
            {
              key: 'loans',
              label: t('classCorner.tabs.loans'),
              children: <CornerLoans corner={corner} version={version} />,
            },
          ]}
        />
      )}
    </CornerScope>
  );
  if (!canSetUp) return work;
  return (
    <Tabs
      items={[
        { key: 'work', label: t('classCorner.tabs.work'), children: work },
        { key: 'setup', label: t('classCorner.tabs.setup'), children: <CornersSetup /> },
      ]}
    />
  );
}
