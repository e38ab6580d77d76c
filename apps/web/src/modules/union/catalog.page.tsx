import { P } from '@shuyuan/contracts/common/paths';
import type { RemoteHit } from '@shuyuan/contracts/union/remote';
import type { UnionHit } from '@shuyuan/contracts/union/union';
import { Alert, Button, Card, Modal, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';
import { usePermission } from '../../app/auth/permission.tsx';
import { notify } from '../../app/notify.ts';
import { AddCopies } from '../catalogue/add-copies.tsx';
import { SharedRecord } from './shared-record.tsx';
import { UnionSearchView } from './union-search.tsx';

type Copied = { id: number; title: string; classNo: string; bookNo: string };
type OwnMatch = UnionHit['ownMatch'];

/** The school's locations for its new copies (the cataloguing screens' options). */
function useOwnLocations() {
  const [list, setList] = useState<{ value: number; label: string }[]>([]);
  useEffect(() => {
    api
      .post<{ locations: { id: number; name: string }[] }>(`${P}/Catalogue/GetEditingOptions`, {})
      .then((d) => setList(d.locations.map((l) => ({ value: l.id, label: l.name }))))
      .catch(() => {});
  }, []);
  return list;
}

/**
 * /union-catalog: records the union's other members share; one click copies a record (MARC, class number,
 * subjects) into the school, then its copies are added with the catalogue's form. A record the school holds
 * already (same ISBN, 035, 001+003 or title+author+year) is marked, and copying it again asks first. The union's
 * remote members (other deployments) answer on a tab of their own; their records are copied from their MARC.
 */
export default function UnionCatalogPage() {
  const { t } = useTranslation();
  const canAdd = usePermission('union-catalog:add');
  const locations = useOwnLocations();
  const [copied, setCopied] = useState<Copied | null>(null);
  const [viewing, setViewing] = useState<{ unionId: number; recordId: number } | null>(null);
  const [reload, setReload] = useState(0);

  const copy = async (h: UnionHit, unionId: number, force = false) => {
    const r = await api.post<Copied>(`${P}/Union/CopyRecord`, { unionId, recordId: h.recordId, force });
    notify.success(t('union.catalog.copied', { title: r.title }));
    setCopied(r);
    setReload((n) => n + 1);
  };
  const copyRemote = async (h: RemoteHit, unionId: number, force = false) => {
    const r = await api.post<Copied>(`${P}/Union/CopyRemoteRecord`, {
      unionId,
      remoteId: h.remoteId,
      marc: h.marc,
      force,
    });
    notify.success(t('union.catalog.copied', { title: r.title }));
    setCopied(r);
    setReload((n) => n + 1);
  };
  /** Copies at once, or asks first when the school holds a match. */
  const ask = (held: OwnMatch, run: (force: boolean) => Promise<void>) => {
    if (!held) return void run(false).catch(() => {});
    Modal.confirm({
      title: t('union.catalog.heldConfirm', { title: held.title, key: held.key }),
      okText: t('union.catalog.copyAnyway'),
      onOk: () => run(true),
    });
  };
  const held = (m: OwnMatch) =>
    m && (
      <Tag color="orange" className="sy-union-held">
        {t('union.catalog.held', { title: m.title, key: m.key })}
      </Tag>
    );
  return (
    <Card className="sy-union-catalog">
      <UnionSearchView<UnionHit>
        url={`${P}/Union/CatalogSearch`}
        reloadKey={reload}
        notice={<Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('union.catalog.notice')} />}
        actions={{
          title: t('union.members.actions'),
          width: 220,
          render: (h, unionId) => (
            <Space direction="vertical" size={4}>
              {held(h.ownMatch)}
              <Space>
                <Button size="small" onClick={() => setViewing({ unionId, recordId: h.recordId })}>
                  {t('union.catalog.view')}
                </Button>
                {canAdd && (
                  <Button size="small" type="primary" onClick={() => ask(h.ownMatch, (f) => copy(h, unionId, f))}>
                    {t('union.catalog.copy')}
                  </Button>
                )}
              </Space>
            </Space>
          ),
        }}
        remote={{
          url: `${P}/Union/RemoteCatalogSearch`,
          actions: {
            title: t('union.members.actions'),
            width: 220,
            render: (h, unionId) => (
              <Space direction="vertical" size={4}>
                {held(h.ownMatch)}
                {!h.copyable && <Typography.Text type="warning">{h.warnings.join('; ')}</Typography.Text>}
                {canAdd && h.copyable && (
                  <Button
                    size="small"
                    type="primary"
                    className="sy-union-remote-copy"
                    onClick={() => ask(h.ownMatch, (f) => copyRemote(h, unionId, f))}
                  >
                    {t('union.catalog.copy')}
                  </Button>
                )}
              </Space>
            ),
          },
        }}
      />
      <AddCopies
        record={copied}
        locations={locations}
        onClose={() => setCopied(null)}
        onSaved={() => {
          notify.success(t('union.mana.saved'));
          setCopied(null);
        }}
      />
      <SharedRecord target={viewing} onClose={() => setViewing(null)} />
    </Card>
  );
}
