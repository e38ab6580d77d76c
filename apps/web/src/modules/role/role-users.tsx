import { P } from '@shuyuan/contracts/common/paths';
import { PAGE_SIZE_DEFAULT } from '@shuyuan/contracts/common/envelope';
import { ROLE_GRANT, type Role, type RoleUser } from '@shuyuan/contracts/role/role';
import { App, Button, Drawer, Input, Modal, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { useSession } from '../../app/auth/session.ts';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { specPagination } from '../../kit/pagination.ts';
import { useResourceList } from '../../kit/useResourceList.ts';
import { NewStaffModal, ResetPasswordModal } from './staff-forms.tsx';

/** A searchable, paged list of users from `url` (members of the role or candidates). */
function UserTable({
  url,
  roleId,
  selected,
  onSelect,
  version,
  actions,
}: {
  url: string;
  roleId: number;
  selected?: number[];
  onSelect?: (ids: number[]) => void;
  version: number;
  /** Per-row operations (members only). */
  actions?: (u: RoleUser) => React.ReactNode;
}) {
  const { t } = useTranslation();
  const [q, setQ] = useState({ Page: 1, Rows: PAGE_SIZE_DEFAULT, SearchKey: '' });
  const { data, loading } = useResourceList<RoleUser>(url, { id: roleId, ...q, v: version });
  const columns: TableColumnsType<RoleUser> = [
    { key: 'account', title: t('role.users.account'), dataIndex: 'account' },
    { key: 'name', title: t('role.users.name'), dataIndex: 'name' },
    { key: 'identity', title: t('role.users.identity'), dataIndex: 'identity' },
    {
      key: 'state',
      title: t('role.staff.state'),
      dataIndex: 'state',
      render: (v: number) => <Tag color={v === 1 ? 'green' : 'default'}>{t(`role.staff.state${v}`)}</Tag>,
    },
  ];
  if (actions) columns.push({ key: 'actions', title: t('role.staff.actions'), render: (_v, u) => actions(u) });
  return (
    <>
      <Input.Search
        allowClear
        placeholder={t('kit.search.placeholder')}
        onSearch={(SearchKey) => setQ({ ...q, Page: 1, SearchKey })}
        style={{ marginBottom: 8, maxWidth: 280 }}
      />
      <Table<RoleUser>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={data.List}
        columns={columns}
        rowSelection={
          onSelect ? { selectedRowKeys: selected, onChange: (keys) => onSelect(keys as number[]) } : undefined
        }
        pagination={specPagination(t, q.Page, q.Rows, data.Total, (Page, Rows) => setQ({ ...q, Page, Rows }))}
      />
    </>
  );
}

/** Who holds a role: list, remove, and add users of the school. */
export function RoleUsersDrawer({
  role,
  onClose,
  onChanged,
}: {
  role: Role | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const canGrant = usePermission(ROLE_GRANT);
  // One's own account cannot be disabled here (the server refuses it too): no such button on one's own row.
  const myId = useSession().user?.userId;
  const [members, setMembers] = useState<number[]>([]);
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState<number[]>([]);
  const [version, setVersion] = useState(0);
  const [creating, setCreating] = useState(false);
  const [resetting, setResetting] = useState<RoleUser | null>(null);
  const changed = () => {
    setVersion((v) => v + 1);
    onChanged();
  };
  if (!role) return null;

  const remove = () =>
    modal.confirm({
      title: t('role.users.remove'),
      content: t('role.users.removeConfirm', { count: members.length }),
      okButtonProps: { danger: true },
      onOk: async () => {
        await api.post(`${P}/Role/RemoveRoleUsers`, { id: role.id, userIds: members });
        notify.success(t('role.users.removed'));
        setMembers([]);
        changed();
      },
    });

  const add = async () => {
    const r = await api.post<{ added: number }>(`${P}/Role/AddRoleUsers`, { id: role.id, userIds: picked });
    notify.success(t('role.users.added', { count: r.added }));
    setPicking(false);
    setPicked([]);
    changed();
  };

  const setState = (u: RoleUser, state: 0 | 1) =>
    modal.confirm({
      title: t(state ? 'role.staff.enable' : 'role.staff.disable'),
      content: t(state ? 'role.staff.enableConfirm' : 'role.staff.disableConfirm', { account: u.account }),
      okButtonProps: { danger: !state },
      onOk: async () => {
        await api.post(`${P}/Role/SetUserState`, { userId: u.id, state });
        notify.success(t('role.staff.stateSaved'));
        changed();
      },
    });

  const actions = (u: RoleUser) => (
    <Space size={0}>
      <Button type="link" size="small" onClick={() => setResetting(u)}>
        {t('role.staff.reset')}
      </Button>
      {u.id !== myId && (
        <Button type="link" size="small" danger={u.state === 1} onClick={() => setState(u, u.state === 1 ? 0 : 1)}>
          {t(u.state === 1 ? 'role.staff.disable' : 'role.staff.enable')}
        </Button>
      )}
    </Space>
  );

  return (
    <Drawer open onClose={onClose} size={640} title={t('role.users.title', { name: role.name })}>
      {canGrant && (
        <Space style={{ marginBottom: 8 }}>
          <Button type="primary" onClick={() => setPicking(true)}>
            {t('role.users.add')}
          </Button>
          <Button onClick={() => setCreating(true)}>{t('role.staff.new')}</Button>
          <Button danger disabled={!members.length} onClick={remove}>
            {t('role.users.remove')}
          </Button>
        </Space>
      )}
      {creating && <NewStaffModal roleId={role.id} onClose={() => setCreating(false)} onDone={changed} />}
      {resetting && <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />}
      <UserTable
        url={`${P}/Role/GetRoleUsers`}
        roleId={role.id}
        version={version}
        selected={members}
        onSelect={canGrant ? setMembers : undefined}
        actions={canGrant ? actions : undefined}
      />
      <Modal
        open={picking}
        title={t('role.users.pick')}
        width={640}
        onCancel={() => setPicking(false)}
        onOk={add}
        okButtonProps={{ disabled: !picked.length }}
        okText={t('kit.form.save')}
        cancelText={t('kit.form.cancel')}
        destroyOnHidden
      >
        <UserTable
          url={`${P}/Role/GetRoleCandidates`}
          roleId={role.id}
          version={version}
          selected={picked}
          onSelect={setPicked}
        />
      </Modal>
    </Drawer>
  );
}
