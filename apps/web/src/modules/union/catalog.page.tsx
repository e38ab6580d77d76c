import { P } from '@shuyuan/contracts/common/paths';
import type { UnionHit } from '@shuyuan/contracts/union/union';
import { Alert, Button, Card, Modal, Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';
import { usePermission } from '../../app/auth/permission.tsx';
import { notify } from '../../app/notify.ts';
import { AddCopies } from '../catalogue/add-copies.tsx';
import { SharedRecord } from './shared-record.tsx';
import { UnionSearchView } from './union-search.tsx';

type Copied = { id: number; title: string; classNo: string; bookNo: string };

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
 * already (same ISBN, 035, 001+003 or title+author+year) is marked, and copying it again asks first.
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
  const ask = (h: UnionHit, unionId: number) => {
    if (!h.ownMatch) return void copy(h, unionId).catch(() => {});
    Modal.confirm({
      title: t('union.catalog.heldConfirm', { title: h.ownMatch.title, key: h.ownMatch.key }),
      okText: t('union.catalog.copyAnyway'),
      onOk: () => copy(h, unionId, true),
    });
  };
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
              {h.ownMatch && (
                <Tag color="orange" className="sy-union-held">
                  {t('union.catalog.held', { title: h.ownMatch.title, key: h.ownMatch.key })}
                </Tag>
              )}
              <Space>
                <Button size="small" onClick={() => setViewing({ unionId, recordId: h.recordId })}>
                  {t('union.catalog.view')}
                </Button>
                {canAdd && (
                  <Button size="small" type="primary" onClick={() => ask(h, unionId)}>
                    {t('union.catalog.copy')}
                  </Button>
                )}
              </Space>
            </Space>
          ),
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
