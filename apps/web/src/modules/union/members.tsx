import { P } from '@shuyuan/contracts/common/paths';
import { UNION_MANA, type UnionDto, UnionInvite, type UnionMemberDto } from '@shuyuan/contracts/union/union';
import { Button, Divider, Drawer, Form, Input, Popconfirm, Space, Table, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';
import { usePermission } from '../../app/auth/permission.tsx';
import { notify } from '../../app/notify.ts';
import { fmtMinute } from '../../kit/time.ts';
import { clearOnChange, postChecked } from '../catalogue/submit.ts';
import { LoanRuleForm } from './loan-rule.tsx';
import { RemoteMembers } from './remote-members.tsx';
import { SharingForm } from './sharing.tsx';
import { UnionForm } from './union-form.tsx';

/**
 * One union the school is in: its members (applications and invitations for its managers, who pass or reject
 * them), union roles (the creator names administrators, hands the union over, dissolves it), invitations by
 * school code, and what the school itself shares.
 */
export function MembersDrawer({
  union,
  onClose,
  onChanged,
}: {
  union: UnionDto | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const can = {
    add: usePermission(`${UNION_MANA}:add`),
    edit: usePermission(`${UNION_MANA}:edit`),
    del: usePermission(`${UNION_MANA}:delete`),
    audit: usePermission(`${UNION_MANA}:audit`),
  };
  const [members, setMembers] = useState<UnionMemberDto[]>([]);
  const [editing, setEditing] = useState(false);
  const [form] = Form.useForm();
  const load = useCallback(() => {
    if (!union) return;
    api
      .post<UnionMemberDto[]>(`${P}/Union/GetMembers`, { unionId: union.id })
      .then(setMembers)
      .catch(() => {});
  }, [union]);
  useEffect(load, [load]);
  const role = union?.mine?.role;
  const manager = role === 'creator' || role === 'admin';
  const act = async (url: string, body: unknown, close = false) => {
    await api.post(`${P}/Union/${url}`, body);
    notify.success(t('union.mana.saved'));
    onChanged();
    if (close) onClose();
    else load();
  };
  const invite = async () => {
    if (!union) return;
    const done = await postChecked(form, UnionInvite, `${P}/Union/InviteSchool`, {
      unionId: union.id,
      schoolCode: form.getFieldValue('schoolCode') ?? '',
    });
    if (done === undefined) return;
    notify.success(t('union.members.invited'));
    form.resetFields();
    load();
  };
  const actions = (m: UnionMemberDto) => {
    const out = [];
    if (m.status === 'pending' && m.origin === 'applied' && manager && can.audit) {
      out.push(
        <Button
          key="pass"
          size="small"
          type="primary"
          onClick={() => act('ReviewMember', { memberId: m.id, pass: true })}
        >
          {t('union.members.pass')}
        </Button>,
        <Button key="reject" size="small" danger onClick={() => act('ReviewMember', { memberId: m.id, pass: false })}>
          {t('union.members.reject')}
        </Button>,
      );
    }
    if (m.status === 'pending' && m.origin === 'invited')
      out.push(<Tag key="wait">{t('union.members.waitingAnswer')}</Tag>);
    if (m.status === 'passed' && m.role !== 'creator' && role === 'creator' && can.edit) {
      const to = m.role === 'admin' ? 'member' : 'admin';
      out.push(
        <Button key="role" size="small" onClick={() => act('SetMemberRole', { memberId: m.id, role: to })}>
          {t(to === 'admin' ? 'union.members.makeAdmin' : 'union.members.makeMember')}
        </Button>,
        <Popconfirm
          key="hand"
          title={t('union.members.handOverConfirm', { name: m.schoolName })}
          onConfirm={() => act('HandOver', { memberId: m.id }, true)}
        >
          <Button size="small">{t('union.members.handOver')}</Button>
        </Popconfirm>,
      );
    }
    if (m.role !== 'creator' && manager && can.del && (role === 'creator' || m.role === 'member'))
      out.push(
        <Popconfirm
          key="remove"
          title={t('union.members.removeConfirm', { name: m.schoolName })}
          onConfirm={() => act('RemoveMember', { memberId: m.id })}
        >
          <Button size="small" danger>
            {t('union.members.remove')}
          </Button>
        </Popconfirm>,
      );
    return <Space wrap>{out}</Space>;
  };
  return (
    <Drawer
      open={!!union}
      width={1000}
      title={t('union.members.title', { name: union?.name ?? '' })}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          {manager && can.edit && <Button onClick={() => setEditing(true)}>{t('union.mana.edit')}</Button>}
          {role === 'creator' && can.del && union && (
            <Popconfirm
              title={t('union.mana.dissolveConfirm', { name: union.name })}
              onConfirm={() => act('DissolveUnion', { unionId: union.id }, true)}
            >
              <Button danger>{t('union.mana.dissolve')}</Button>
            </Popconfirm>
          )}
        </Space>
      }
    >
      <Table<UnionMemberDto>
        size="small"
        rowKey="id"
        className="sy-union-members"
        pagination={false}
        scroll={{ x: 1120 }}
        dataSource={members}
        columns={[
          { title: t('union.members.school'), dataIndex: 'schoolName', width: 160 },
          { title: t('union.members.code'), dataIndex: 'schoolCode', width: 100 },
          { title: t('union.members.role'), width: 100, render: (_, m) => t(`union.role.${m.role}`) },
          {
            title: t('union.members.status'),
            width: 150,
            render: (_, m) => `${t(`union.status.${m.status}`)} · ${t(`union.origin.${m.origin}`)}`,
          },
          { title: t('union.members.share'), width: 130, render: (_, m) => t(`union.share.${m.share}`) },
          { title: t('union.members.message'), dataIndex: 'message', width: 140 },
          { title: t('union.members.appliedAt'), width: 140, render: (_, m) => fmtMinute(m.appliedAt) },
          { title: t('union.members.actions'), width: 240, render: (_, m) => actions(m) },
        ]}
      />
      {manager && can.add && (
        <>
          <Divider titlePlacement="start">{t('union.members.invite')}</Divider>
          <Form form={form} layout="inline" onValuesChange={clearOnChange(form)} className="sy-union-invite">
            <Form.Item name="schoolCode" label={t('union.members.inviteCode')} required>
              <Input style={{ width: 200 }} />
            </Form.Item>
            <Button onClick={invite}>{t('union.members.invite')}</Button>
          </Form>
        </>
      )}
      {union && <SharingForm unionId={union.id} canEdit={can.edit} onSaved={load} />}
      {union && <LoanRuleForm unionId={union.id} canEdit={can.edit && manager} />}
      {union && <RemoteMembers unionId={union.id} manager={manager} can={can} />}
      {union && (
        <UnionForm
          open={editing}
          union={union}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            onChanged();
          }}
        />
      )}
    </Drawer>
  );
}
