import { P } from '@shuyuan/contracts/common/paths';
import type { UpgradePreview, UpgradeResult } from '@shuyuan/contracts/reader-moves/moves';
import { Alert, App, Button, Card, Col, DatePicker, Form, Input, Result, Row, Space, Switch, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { api } from '../../app/http.ts';

/** Year-end upgrade: preview (class moves, graduates with open loans first), then apply in one go. */
export function UpgradePanel() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const canApply = usePermission('department.dept-upgrade:upgrade');
  const [preview, setPreview] = useState<UpgradePreview | null>(null);
  const [result, setResult] = useState<UpgradeResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ graduateOn: Dayjs; disableGraduates: boolean; archiveLabel?: string }>();

  const load = async () => {
    setBusy(true);
    setResult(null);
    try {
      setPreview(await api.post<UpgradePreview>(`${P}/ReaderMoves/PreviewUpgrade`, {}));
    } finally {
      setBusy(false);
    }
  };
  const conflicts = preview?.moves.filter((m) => m.conflict).length ?? 0;
  const withLoans = preview?.graduates.filter((g) => g.openLoans > 0).length ?? 0;
  const apply = (v: { graduateOn: Dayjs; disableGraduates: boolean; archiveLabel?: string }) =>
    modal.confirm({
      title: t('readerMoves.upgrade.confirmTitle'),
      content: t('readerMoves.upgrade.confirmText', {
        moved: preview!.moves.filter((m) => m.toGradeId).length,
        graduated: preview!.moves.filter((m) => !m.toGradeId).length,
        graduates: preview!.graduates.length,
        withLoans,
      }),
      okButtonProps: { danger: true },
      onOk: async () => {
        const r = await api.post<UpgradeResult>(`${P}/ReaderMoves/ApplyUpgrade`, {
          token: preview!.token,
          graduateOn: v.graduateOn.format('YYYY-MM-DD'),
          disableGraduates: v.disableGraduates,
          archiveLabel: v.archiveLabel || undefined,
        });
        setResult(r);
        setPreview(null);
      },
    });

  if (result) {
    return (
      <Result
        status="success"
        title={t('readerMoves.upgrade.doneTitle')}
        subTitle={t('readerMoves.upgrade.doneText', { ...result })}
        extra={<Button onClick={load}>{t('readerMoves.upgrade.previewAgain')}</Button>}
      />
    );
  }
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Alert type="info" showIcon message={t('readerMoves.upgrade.help')} />
      <Button type="primary" onClick={load} loading={busy}>
        {preview ? t('readerMoves.upgrade.previewAgain') : t('readerMoves.upgrade.preview')}
      </Button>
      {preview && (
        <Row gutter={16}>
          <Col xs={24} xl={12}>
            <Card size="small" title={t('readerMoves.upgrade.moves', { count: preview.moves.length })}>
              {conflicts > 0 && (
                <Alert
                  type="error"
                  showIcon
                  style={{ marginBottom: 8 }}
                  message={t('readerMoves.upgrade.conflicts', { count: conflicts })}
                />
              )}
              <Table
                rowKey="classId"
                size="small"
                pagination={false}
                scroll={{ y: 420 }}
                dataSource={preview.moves}
                columns={[
                  { title: t('readerMoves.upgrade.class'), dataIndex: 'className' },
                  { title: t('readerMoves.upgrade.from'), dataIndex: 'fromGradeName' },
                  {
                    title: t('readerMoves.upgrade.to'),
                    key: 'to',
                    render: (_, m) =>
                      m.toGradeName ? (
                        <>
                          {m.toGradeName} {m.conflict && <Tag color="red">{t('readerMoves.upgrade.nameTaken')}</Tag>}
                        </>
                      ) : (
                        <Tag color="gold">{t('readerMoves.upgrade.graduate')}</Tag>
                      ),
                  },
                  { title: t('readerMoves.upgrade.readers'), dataIndex: 'readers', width: 80 },
                ]}
              />
            </Card>
          </Col>
          <Col xs={24} xl={12}>
            <Card
              size="small"
              title={t('readerMoves.upgrade.graduates', { count: preview.graduates.length, withLoans })}
            >
              <Table
                rowKey="readerId"
                size="small"
                pagination={{ pageSize: 20, showSizeChanger: false }}
                dataSource={preview.graduates}
                columns={[
                  { title: t('readerMoves.upgrade.reader'), key: 'r', render: (_, g) => `${g.name} (${g.account})` },
                  { title: t('readerMoves.upgrade.class'), dataIndex: 'className' },
                  {
                    title: t('readerMoves.upgrade.openLoans'),
                    dataIndex: 'openLoans',
                    width: 90,
                    render: (v: number) => (v > 0 ? <Tag color="red">{v}</Tag> : 0),
                  },
                  { title: t('readerMoves.upgrade.overdueLoans'), dataIndex: 'overdueLoans', width: 90 },
                ]}
              />
            </Card>
          </Col>
          {canApply && (
            <Col span={24}>
              <Card size="small" title={t('readerMoves.upgrade.applyTitle')}>
                <Form
                  form={form}
                  layout="inline"
                  onFinish={apply}
                  initialValues={{ graduateOn: dayjs(), disableGraduates: false }}
                  style={{ rowGap: 8 }}
                >
                  <Form.Item name="graduateOn" label={t('readerMoves.upgrade.graduateOn')} rules={[{ required: true }]}>
                    <DatePicker allowClear={false} />
                  </Form.Item>
                  <Form.Item name="disableGraduates" label={t('readerMoves.upgrade.disable')} valuePropName="checked">
                    <Switch />
                  </Form.Item>
                  <Form.Item name="archiveLabel" label={t('readerMoves.upgrade.archiveLabel')}>
                    <Input maxLength={20} placeholder={t('readerMoves.upgrade.archiveHint')} style={{ width: 140 }} />
                  </Form.Item>
                  <Button type="primary" danger htmlType="submit" disabled={conflicts > 0}>
                    {t('readerMoves.upgrade.apply')}
                  </Button>
                </Form>
              </Card>
            </Col>
          )}
        </Row>
      )}
    </Space>
  );
}
