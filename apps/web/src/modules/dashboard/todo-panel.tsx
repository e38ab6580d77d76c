import { BellOutlined, BulbOutlined, IdcardOutlined, InboxOutlined } from '@ant-design/icons';
import { P } from '@shuyuan/contracts/common/paths';
import type { TodoItem, TodoKey } from '@shuyuan/contracts/dashboard/dashboard';
import { Badge, Card, Col, Row, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../app/http.ts';
import { pageFor } from '../../app/layout/menu.ts';

const ICONS: Record<TodoKey, ReactNode> = {
  holds: <InboxOutlined />,
  suggestions: <BulbOutlined />,
  overdue: <BellOutlined />,
  lostCards: <IdcardOutlined />,
};

/**
 * The day's to-do list on the home page (issue 14 §4): holds to take to the hold shelf, purchase suggestions
 * waiting, overdue loans to remind, cards reported lost — each a count (by SQL on the server) that opens the
 * screen handling it. Only the items whose screen the user may open (and that is built) are listed.
 */
export function TodoPanel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [items, setItems] = useState<TodoItem[] | null>(null);
  useEffect(() => {
    api.post<TodoItem[]>(`${P}/Home/GetTodo`, {}, { showError: false }).then(setItems, () => setItems([]));
  }, []);
  const shown = (items ?? []).filter((i) => pageFor(i.path));
  if (!shown.length) return null;
  return (
    <Card title={t('dashboard.todo.title')} size="small" data-testid="todo-panel">
      <Row gutter={[12, 12]}>
        {shown.map((i) => (
          <Col key={i.key} xs={12} lg={6}>
            <Card
              size="small"
              hoverable
              data-testid={`todo-${i.key}`}
              onClick={() => navigate(i.path)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') navigate(i.path);
              }}
              tabIndex={0}
              role="link"
            >
              <Badge count={i.count} overflowCount={999} showZero color={i.count ? '#cf1322' : '#bfbfbf'}>
                <Typography.Text style={{ fontSize: 16, paddingRight: 12 }}>
                  {ICONS[i.key]} {t(`dashboard.todo.${i.key}`)}
                </Typography.Text>
              </Badge>
              <div>
                <Typography.Text type="secondary">
                  {i.count ? t(`dashboard.todo.${i.key}Hint`, { count: i.count }) : t('dashboard.todo.none')}
                </Typography.Text>
              </div>
            </Card>
          </Col>
        ))}
      </Row>
    </Card>
  );
}
