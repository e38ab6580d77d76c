import type { SerialKind } from '@shuyuan/contracts/serials/pattern';
import { Card, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { IssueList } from './checkin-lists.tsx';
import { LateList } from './checkin-late.tsx';
import { CheckInScan } from './checkin-scan.tsx';
import { arrivalOf } from './checkin-shared.tsx';

/**
 * /magazine (期刊记到) and /magazine-two (报纸记到): one screen, parameterised by kind. The scan box on top checks
 * issues in from their cover; below, the expected list (pick an issue), the arrived list (undo) and the late list
 * (claims).
 */
export function CheckInPage({ kind }: { kind: SerialKind }) {
  const { t } = useTranslation();
  const code = arrivalOf(kind).checkin;
  const canCheckIn = usePermission(`${code}:checkin`);
  const canEdit = usePermission(`${code}:edit`);
  const canUndo = usePermission(`${code}:delete`);
  // Any check-in, undo or claim reloads the lists.
  const [version, setVersion] = useState(0);
  const changed = () => setVersion((v) => v + 1);
  const common = { kind, version, onChange: changed };
  return (
    <Card className={`sy-checkin sy-checkin-${kind}`}>
      <CheckInScan kind={kind} canCheckIn={canCheckIn} onChange={changed} />
      <Tabs
        style={{ marginTop: 16 }}
        items={[
          {
            key: 'open',
            label: t('serialsArrival.tabs.expected'),
            children: <IssueList {...common} state="open" canCheckIn={canCheckIn} canUndo={false} />,
          },
          {
            key: 'arrived',
            label: t('serialsArrival.tabs.arrived'),
            children: <IssueList {...common} state="arrived" canCheckIn={false} canUndo={canUndo} />,
          },
          { key: 'late', label: t('serialsArrival.tabs.late'), children: <LateList {...common} canEdit={canEdit} /> },
        ]}
      />
    </Card>
  );
}

export const MagazineCheckIn = () => <CheckInPage kind="magazine" />;
export const NewspaperCheckIn = () => <CheckInPage kind="newspaper" />;
