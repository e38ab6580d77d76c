import {
  BankOutlined,
  DownOutlined,
  GlobalOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { Lang } from '@shuyuan/contracts/common/lang';
import { Button, Dropdown, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { changeLanguage, switchSchool } from '../auth/load.ts';
import { signOut } from '../auth/oidc.ts';
import { type SchoolRef, useSession } from '../auth/session.ts';
import { notify } from '../notify.ts';
import { ChangePassword } from './ChangePassword.tsx';
import { tabsStore } from './tabs.ts';

export function schoolName(s: Pick<SchoolRef, 'name' | 'enName'> | undefined, lang: string): string {
  if (!s) return '';
  return lang === 'en' ? s.enName || s.name : s.name;
}

/** Header: unit name and switcher, language switch, user menu (change password, sign out). */
export function HeaderBar({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const { t, i18n } = useTranslation();
  const { user, schoolId } = useSession();
  const navigate = useNavigate();
  const [pwOpen, setPwOpen] = useState(false);
  const lang = i18n.language;
  const schools = user?.schools ?? [];
  const current = schools.find((s) => s.id === (schoolId ?? user?.SchoolID));
  const unit = schoolName(current, lang) || user?.SchoolName || t('app.name');

  const onSwitch = async (id: number) => {
    if (id === current?.id) return;
    await switchSchool(id);
    // The open views belong to the previous unit.
    tabsStore.reset();
    navigate('/data-analysis');
    notify.success(
      t('app.header.switched', {
        name: schoolName(
          schools.find((s) => s.id === id),
          lang,
        ),
      }),
    );
  };
  const fg = { color: 'inherit' };

  return (
    <div className="sy-header">
      <Space size={12}>
        <Button
          type="text"
          style={fg}
          aria-label={t(collapsed ? 'app.header.expand' : 'app.header.collapse')}
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={onToggle}
        />
        {schools.length > 1 ? (
          <Dropdown
            trigger={['click']}
            menu={{
              selectable: true,
              selectedKeys: current ? [String(current.id)] : [],
              items: schools.map((s) => ({ key: String(s.id), label: schoolName(s, lang) })),
              onClick: ({ key }) => void onSwitch(Number(key)),
            }}
          >
            <Button type="text" style={fg} title={t('app.header.switchSchool')} data-testid="school-switch">
              <BankOutlined /> <span className="sy-unit">{unit}</span> <DownOutlined />
            </Button>
          </Dropdown>
        ) : (
          <span className="sy-unit">
            <BankOutlined /> {unit}
          </span>
        )}
      </Space>
      <Space size={4}>
        <Dropdown
          menu={{
            selectable: true,
            selectedKeys: [lang],
            items: (['zh', 'en'] as Lang[]).map((l) => ({ key: l, label: t(`common.lang.${l}`) })),
            onClick: ({ key }) => void changeLanguage(key as Lang),
          }}
        >
          <Button type="text" style={fg} icon={<GlobalOutlined />} data-testid="lang-switch">
            {t(`common.lang.${lang === 'en' ? 'en' : 'zh'}`)}
          </Button>
        </Dropdown>
        <Dropdown
          menu={{
            items: [
              { key: 'pw', label: t('app.header.changePassword') },
              { type: 'divider' },
              { key: 'out', label: t('app.header.signOut') },
            ],
            onClick: ({ key }) => (key === 'pw' ? setPwOpen(true) : void signOut()),
          }}
        >
          <Button type="text" style={fg} icon={<UserOutlined />} data-testid="user-menu">
            {(lang === 'en' && user?.enName) || user?.name || user?.account}
          </Button>
        </Dropdown>
      </Space>
      <ChangePassword open={pwOpen} onClose={() => setPwOpen(false)} />
    </div>
  );
}
