import { SettingOutlined } from '@ant-design/icons';
import { P } from '@shuyuan/contracts/common/paths';
import type { HomeShortcut } from '@shuyuan/contracts/dashboard/dashboard';
import { Button, Card, Col, Empty, Row } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../app/auth/session.ts';
import { api } from '../../app/http.ts';
import { pageFor, pinnableScreens } from '../../app/layout/menu.ts';
import { label } from './shortcut-label.ts';

// The editor (Modal, Transfer with its search and lists) is fetched when "Customise" is clicked.
const ShortcutsEditor = lazy(() => import('./shortcuts-editor.tsx'));

/** A pinned screen still has a built page (a shortcut saved before a screen was withdrawn does not show). */
const built = (url: string) => !!pageFor(url.split('?')[0]);

/** The user's pinned screens as tiles; "Customise" picks and orders them (saved per user and school). */
export function Shortcuts() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { menus } = useSession();
  const [list, setList] = useState<HomeShortcut[]>([]);
  const [editing, setEditing] = useState<string[] | null>(null);
  const all = useMemo(() => pinnableScreens(menus), [menus]);
  // Once opened, the editor stays mounted so that closing it animates as before.
  const [opened, setOpened] = useState(false);
  if (editing && !opened) setOpened(true);

  useEffect(() => {
    api.post<HomeShortcut[]>(`${P}/Desktop/GetHomeShortcuts`, {}).then(
      (l) => setList(l.filter((s) => built(s.url))),
      () => {},
    );
  }, []);

  const save = async () => {
    if (!editing) return;
    await api.post(`${P}/Desktop/AddHomeShortcuts`, { codes: editing });
    const saved = await api.post<HomeShortcut[]>(`${P}/Desktop/UpdateHomeShortcutsSort`, { codes: editing });
    setList(saved.filter((s) => built(s.url)));
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
      {opened && (
        <Suspense fallback={null}>
          <ShortcutsEditor
            open={!!editing}
            all={all}
            editing={editing ?? []}
            onChange={setEditing}
            onMove={move}
            onSave={() => void save()}
            onCancel={() => setEditing(null)}
          />
        </Suspense>
      )}
    </Card>
  );
}
