import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { HOME_SHORTCUTS_MAX } from '@shuyuan/contracts/dashboard/dashboard';
import { Modal, Space, Transfer } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MenuNode } from '../../app/auth/session.ts';
import { label } from './shortcut-label.ts';

interface Props {
  open: boolean;
  /** Screens the user may pin. */
  all: MenuNode[];
  /** Codes of the pinned screens, in order. */
  editing: string[];
  onChange: (codes: string[]) => void;
  onMove: (code: string, by: number) => void;
  onSave: () => void;
  onCancel: () => void;
}

/** "Customise" dialog of the home shortcuts: pick screens and order them (loaded when opened). */
export default function ShortcutsEditor({ open, all, editing, onChange, onMove, onSave, onCancel }: Props) {
  const { t, i18n } = useTranslation();
  return (
    <Modal open={open} width={720} title={t('dashboard.shortcuts.customise')} onCancel={onCancel} onOk={onSave}>
      <Transfer
        dataSource={all.map((m) => ({ key: m.code, title: label(m, i18n.language) }))}
        targetKeys={editing}
        onChange={(keys) => onChange((keys as string[]).slice(0, HOME_SHORTCUTS_MAX))}
        titles={[t('dashboard.shortcuts.available'), t('dashboard.shortcuts.pinned', { max: HOME_SHORTCUTS_MAX })]}
        showSearch
        listStyle={{ width: 300, height: 360 }}
        render={(item) =>
          editing.includes(item.key) ? (
            <Space>
              {item.title}
              <ArrowUpOutlined
                aria-label={t('dashboard.shortcuts.up')}
                onClick={(e) => {
                  e.stopPropagation();
                  onMove(item.key, -1);
                }}
              />
              <ArrowDownOutlined
                aria-label={t('dashboard.shortcuts.down')}
                onClick={(e) => {
                  e.stopPropagation();
                  onMove(item.key, 1);
                }}
              />
            </Space>
          ) : (
            item.title
          )
        }
      />
    </Modal>
  );
}
