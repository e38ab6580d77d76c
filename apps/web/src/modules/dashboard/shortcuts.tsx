import { ArrowDownOutlined, ArrowUpOutlined, SettingOutlined } from '@ant-design/icons';
import { P } from '@shuyuan/contracts/common/paths';
import { HOME_SHORTCUTS_MAX, type HomeShortcut } from '@shuyuan/contracts/dashboard/dashboard';
import { Button, Card, Col, Empty, Modal, Row, Space, Transfer } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type MenuNode, useSession } from '../../app/auth/session.ts';
import { api } from '../../app/http.ts';

const label = (m: { MenuName: string; MenuEnName?: string }, lang: string) =>
  lang.startsWith('en') && m.MenuEnName ? m.MenuEnName : m.MenuName;

function screens(nodes: MenuNode[], out: MenuNode[] = []): MenuNode[] {
  for (const n of nodes) {
    if (n.url && !/^https?:/i.test(n.url) && n.url !== '/data-analysis') out.push(n);
    if (n.children) screens(n.children, out);
  }
  return out;
}

/** The user's pinned screens as tiles; "Customise" picks and orders them (saved per user and school). */
export function Shortcuts() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { menus } = useSession();
  const [list, setList] = useState<HomeShortcut[]>([]);
  const [editing, setEditing] = useState<string[] | null>(null);
  const all = useMemo(() => screens(menus), [menus]);

  useEffect(() => {
    api.post<HomeShortcut[]>(`${P}/Desktop/GetHomeShortcuts`, {}).then(setList, () => {});
  }, []);

  const save = async () => {
    if (!editing) return;
    await api.post(`${P}/Desktop/AddHomeShortcuts`, { codes: editing });
    setList(await api.post<HomeShortcut[]>(`${P}/Desktop/UpdateHomeShortcutsSort`, { codes: editing }));
    setEditing(null);
  };
  const move = (code: string, by: number) => {
    if (!editing) return;
    const i = editing.indexOf(code);
    const j = i + by;
    if (j < 0 || j >= editing.length) return;
    const next = [...editing];
    [next[i], next[j]] = [next[j], next[i]];
    setEditing(next);
  };

  return (
    <Card
      title={t('dashboard.shortcuts.title')}
      extra={
        <Button type="link" icon={<SettingOutlined />} onClick={() => setEditing(list.map((s) => s.code))}>
          {t('dashboard.shortcuts.customise')}
        </Button>
      }
    >
      {list.length === 0 ? (
        <Empty description={t('dashboard.shortcuts.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Row gutter={[12, 12]}>
          {list.map((s) => (
            <Col key={s.code} xs={12} sm={8} md={6} xl={4}>
              <Button block style={{ height: 56 }} onClick={() => navigate(s.url)}>
                {label(s, i18n.language)}
              </Button>
            </Col>
          ))}
        </Row>
      )}
      <Modal
        open={!!editing}
        width={720}
        title={t('dashboard.shortcuts.customise')}
        onCancel={() => setEditing(null)}
        onOk={() => void save()}
      >
        <Transfer
          dataSource={all.map((m) => ({ key: m.code, title: label(m, i18n.language) }))}
          targetKeys={editing ?? []}
          onChange={(keys) => setEditing((keys as string[]).slice(0, HOME_SHORTCUTS_MAX))}
          titles={[t('dashboard.shortcuts.available'), t('dashboard.shortcuts.pinned', { max: HOME_SHORTCUTS_MAX })]}
          showSearch
          listStyle={{ width: 300, height: 360 }}
          render={(item) =>
            editing?.includes(item.key) ? (
              <Space>
                {item.title}
                <ArrowUpOutlined
                  aria-label={t('dashboard.shortcuts.up')}
                  onClick={(e) => {
                    e.stopPropagation();
                    move(item.key, -1);
                  }}
                />
                <ArrowDownOutlined
                  aria-label={t('dashboard.shortcuts.down')}
                  onClick={(e) => {
                    e.stopPropagation();
                    move(item.key, 1);
                  }}
                />
              </Space>
            ) : (
              item.title
            )
          }
        />
      </Modal>
    </Card>
  );
}
