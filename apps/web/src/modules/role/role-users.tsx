import { P } from '@shuyuan/contracts/common/paths';
import { PAGE_SIZE_DEFAULT } from '@shuyuan/contracts/common/envelope';
import { ROLE_GRANT, type Role, type RoleUser } from '@shuyuan/contracts/role/role';
import { App, Button, Drawer, Input, Modal, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { specPagination } from '../../kit/pagination.ts';
import { useResourceList } from '../../kit/useResourceList.ts';

/** A searchable, paged list of users from `url` (members of the role or candidates). */
function UserTable({
  url,
  roleId,
  selected,
  onSelect,
  version,
}: {
  url: string;
  roleId: number;
  selected?: number[];
  onSelect?: (ids: number[]) => void;
  version: number;
}) {
  const { t } = useTranslation();
  const [q, setQ] = useState({ Page: 1, Rows: PAGE_SIZE_DEFAULT, SearchKey: '' });
  const { data, loading } = useResourceList<RoleUser>(url, { id: roleId, ...q, v: version });
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
        columns={[
          { key: 'account', title: t('role.users.account'), dataIndex: 'account' },
          { key: 'name', title: t('role.users.name'), dataIndex: 'name' },
          { key: 'identity', title: t('role.users.identity'), dataIndex: 'identity' },
        ]}
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
  const [members, setMembers] = useState<number[]>([]);
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState<number[]>([]);
  const [version, setVersion] = useState(0);
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

  return (
    <Drawer open onClose={onClose} size={640} title={t('role.users.title', { name: role.name })}>
      {canGrant && (
        <Space style={{ marginBottom: 8 }}>
          <Button type="primary" onClick={() => setPicking(true)}>
            {t('role.users.add')}
          </Button>
          <Button danger disabled={!members.length} onClick={remove}>
            {t('role.users.remove')}
          </Button>
        </Space>
      )}
      <UserTable
        url={`${P}/Role/GetRoleUsers`}
        roleId={role.id}
        version={version}
        selected={members}
        onSelect={canGrant ? setMembers : undefined}
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
