import { P } from '@shuyuan/contracts/common/paths';
import { UNION_BORROW } from '@shuyuan/contracts/union/lending';
import type { UnionHit } from '@shuyuan/contracts/union/union';
import { Alert, Button, Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { AskLoanModal } from './ask-loan.tsx';
import { UnionSearchView } from './union-search.tsx';

/**
 * /union/search: one search over the catalogues the union's members share, with holdings per school; a librarian
 * who may lend across the union asks another school for a title for one of the school's readers. The union's remote
 * members (other deployments) answer on a tab of their own; their books are not lent.
 */
export default function UnionSearchPage() {
  const { t } = useTranslation();
  const canAsk = usePermission(`${UNION_BORROW}:borrow`);
  const [asking, setAsking] = useState<{ hit: UnionHit; unionId: number } | null>(null);
  return (
    <Card className="sy-union-search-page">
      <UnionSearchView
        url={`${P}/Union/Search`}
        actions={
          canAsk
            ? {
                title: t('union.lend.col.actions'),
                width: 130,
                render: (hit, unionId) =>
                  hit.holdings.some((h) => h.lends) ? (
                    <Button size="small" className="sy-union-ask-btn" onClick={() => setAsking({ hit, unionId })}>
                      {t('union.lend.ask')}
                    </Button>
                  ) : null,
              }
            : undefined
        }
        remote={{
          url: `${P}/Union/RemoteSearch`,
          notice: <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('union.remote.noLending')} />,
        }}
      />
      <AskLoanModal hit={asking?.hit ?? null} unionId={asking?.unionId ?? 0} onClose={() => setAsking(null)} />
    </Card>
  );
}
