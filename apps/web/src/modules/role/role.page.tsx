import { ROLE_GRANT, ROLE_PERMISSION, type Role, RoleCreate, RoleUpdate } from '@shuyuan/contracts/role/role';
import { Tag } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import type { ResourcePageDef } from '../../kit/types.ts';
import { GrantDrawer } from './grant-drawer.tsx';
import { RoleUsersDrawer } from './role-users.tsx';

const STATE = [
  { value: 1, label: 'kit.state.on' },
  { value: 0, label: 'kit.state.off' },
];

function SystemTag({ role }: { role: Role }) {
  const { t } = useTranslation();
  return (
    <>
      {role.name}
      {role.isSystem && (
        <Tag color="gold" style={{ marginLeft: 6 }}>
          {t('role.role.system')}
        </Tag>
      )}
    </>
  );
}

/** /department/permission/role: roles of the school, what each grants, who holds it. */
export default function RolePage() {
  const [granting, setGranting] = useState<Role | null>(null);
  const [members, setMembers] = useState<Role | null>(null);
  const reloadList = useRef<() => void>(() => {});
  const def = useMemo<ResourcePageDef<Role>>(
    () => ({
      area: 'Role',
      entity: 'Role',
      permission: ROLE_PERMISSION,
      title: 'role.role.entity',
      contracts: { create: RoleCreate, update: RoleUpdate },
      exportable: true,
      fields: [
        { name: 'name', label: 'role.role.name', span: 12, render: (_v, row) => <SystemTag role={row} /> },
        { name: 'enName', label: 'role.role.enName', span: 12 },
        { name: 'description', label: 'role.role.description', type: 'textarea' },
        {
          name: 'state',
          label: 'role.role.state',
          type: 'select',
          options: STATE,
          default: 1,
          inSearch: true,
          span: 12,
          width: 90,
        },
        { name: 'sort', label: 'role.role.sort', type: 'number', default: 0, span: 12, width: 80 },
        { name: 'userCount', label: 'role.role.userCount', inForm: false, width: 90 },
      ],
      // The server refuses to delete a system role (and a role with members, which can change): hide the former.
      deletable: (role) => !role.isSystem,
      rowActions: [
        {
          key: 'grant',
          label: 'role.role.grant',
          permission: ROLE_GRANT,
          onClick: (row, { reload }) => {
            reloadList.current = reload;
            setGranting(row ?? null);
          },
        },
        {
          key: 'users',
          label: 'role.role.users',
          onClick: (row, { reload }) => {
            reloadList.current = reload;
            setMembers(row ?? null);
          },
        },
      ],
    }),
    [],
  );
  return (
    <>
      <ResourcePage def={def} />
      <GrantDrawer
        role={granting}
        onClose={() => setGranting(null)}
        onSaved={() => {
          setGranting(null);
          reloadList.current();
        }}
      />
      <RoleUsersDrawer role={members} onClose={() => setMembers(null)} onChanged={() => reloadList.current()} />
    </>
  );
}
