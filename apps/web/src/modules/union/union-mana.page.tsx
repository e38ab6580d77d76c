import { P } from '@shuyuan/contracts/common/paths';
import { PAGE_SIZE_DEFAULT } from '@shuyuan/contracts/common/envelope';
import { UNION_MANA, type UnionDto } from '@shuyuan/contracts/union/union';
import { Alert, Button, Card, Input, Popconfirm, Space, Table, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';
import { usePermission } from '../../app/auth/permission.tsx';
import { notify } from '../../app/notify.ts';
import { specPagination } from '../../kit/pagination.ts';
import { MembersDrawer } from './members.tsx';
import { UnionForm } from './union-form.tsx';

type Invitation = { memberId: number; unionId: number; name: string; message: string };

/**
 * /union/union-mana: the unions of the deployment (create one, apply to one), the invitations waiting for the
 * school's answer, and for each union the school is in: its members, their review, roles and the school's sharing.
 */
export default function UnionManaPage() {
  const { t } = useTranslation();
  const canAdd = usePermission(`${UNION_MANA}:add`);
  const canDelete = usePermission(`${UNION_MANA}:delete`);
  const canAudit = usePermission(`${UNION_MANA}:audit`);
  const [q, setQ] = useState({ SearchKey: '', Page: 1, Rows: PAGE_SIZE_DEFAULT });
  const [data, setData] = useState<{ List: UnionDto[]; Total: number } | null>(null);
  const [invitations, setInvitations] = useState<Invitation[]>([]);
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<UnionDto | null>(null);
  const load = useCallback(() => {
    api
      .post<{ List: UnionDto[]; Total: number }>(`${P}/Union/GetUnionList`, q)
      .then(setData)
      .catch(() => {});
    api
      .post<Invitation[]>(`${P}/Union/GetMyInvitations`, {})
      .then(setInvitations)
      .catch(() => {});
  }, [q]);
  useEffect(load, [load]);

  const act = async (url: string, body: unknown, done: string) => {
    await api.post(`${P}/Union/${url}`, body);
    notify.success(t(done));
    load();
  };
  return (
    <Card className="sy-union-mana">
      {invitations.map((i) => (
        <Alert
          key={i.memberId}
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('union.mana.invitedBy', { name: i.name })}
          description={i.message || undefined}
          action={
            canAudit && (
              <Space>
                <Button
                  size="small"
                  type="primary"
                  onClick={() => act('ReviewMember', { memberId: i.memberId, pass: true }, 'union.mana.saved')}
                >
                  {t('union.mana.accept')}
                </Button>
                <Button
                  size="small"
                  onClick={() => act('ReviewMember', { memberId: i.memberId, pass: false }, 'union.mana.saved')}
                >
                  {t('union.mana.decline')}
                </Button>
              </Space>
            )
          }
        />
      ))}
      <Space style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          style={{ width: 260 }}
          placeholder={t('union.mana.searchKey')}
          onSearch={(v) => setQ((o) => ({ ...o, SearchKey: v.trim(), Page: 1 }))}
        />
        {canAdd && (
          <Button type="primary" onClick={() => setCreating(true)}>
            {t('union.mana.create')}
          </Button>
        )}
      </Space>
      <Table<UnionDto>
        size="small"
        rowKey="id"
        className="sy-union-list"
        dataSource={data?.List ?? []}
        pagination={specPagination(t, q.Page, q.Rows, data?.Total ?? 0, (Page, Rows) =>
          setQ((o) => ({ ...o, Page, Rows })),
        )}
        columns={[
          { title: t('union.mana.name'), dataIndex: 'name' },
          { title: t('union.mana.remark'), dataIndex: 'remark' },
          { title: t('union.mana.creatorSchool'), dataIndex: 'creatorSchoolName', width: 180 },
          { title: t('union.mana.members'), dataIndex: 'members', width: 90 },
          {
            title: t('union.mana.mine'),
            width: 200,
            render: (_, u) =>
              u.mine ? (
                <Space size={4}>
                  <Tag color={u.mine.status === 'passed' ? 'green' : u.mine.status === 'pending' ? 'blue' : 'red'}>
                    {t(`union.status.${u.mine.status}`)}
                  </Tag>
                  {u.mine.status === 'passed' && <Tag>{t(`union.role.${u.mine.role}`)}</Tag>}
                </Space>
              ) : (
                t('union.mana.notJoined')
              ),
          },
          {
            title: t('union.members.actions'),
            width: 220,
            render: (_, u) => (
              <Space>
                {u.mine?.status === 'passed' && (
                  <Button size="small" type="primary" onClick={() => setOpen(u)}>
                    {t('union.mana.manage')}
                  </Button>
                )}
                {canAdd && (!u.mine || (u.mine.status === 'rejected' && u.mine.origin === 'applied')) && (
                  <Button size="small" onClick={() => act('ApplyUnion', { unionId: u.id }, 'union.mana.applied')}>
                    {u.mine ? t('union.mana.applyAgain') : t('union.mana.apply')}
                  </Button>
                )}
                {canDelete && u.mine && u.mine.role !== 'creator' && u.mine.status !== 'rejected' && (
                  <Popconfirm
                    title={t('union.mana.leaveConfirm', { name: u.name })}
                    onConfirm={() => act('LeaveUnion', { unionId: u.id }, 'union.mana.left')}
                  >
                    <Button size="small" danger>
                      {u.mine.status === 'passed' ? t('union.mana.leave') : t('union.mana.withdraw')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <UnionForm
        open={creating}
        onClose={() => setCreating(false)}
        onSaved={() => {
          setCreating(false);
          notify.success(t('union.mana.created'));
          load();
        }}
      />
      <MembersDrawer union={open} onClose={() => setOpen(null)} onChanged={load} />
    </Card>
  );
}
