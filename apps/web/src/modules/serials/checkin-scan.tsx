import type { CheckInResult, ScanResult } from '@shuyuan/contracts/serials/arrival';
import type { SerialKind } from '@shuyuan/contracts/serials/pattern';
import {
  Alert,
  Button,
  Checkbox,
  Descriptions,
  Form,
  Input,
  InputNumber,
  type InputRef,
  Space,
  Table,
  Typography,
} from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api, fieldErrors } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { arrivalOf, doneText, issueText, StateTag } from './checkin-shared.tsx';

interface Done extends CheckInResult {
  key: number;
}

/**
 * The arrival desk: a scan (or a typed ISSN) finds the title and the issue; Enter in the copies field checks it in.
 * With "check in as soon as scanned" the scan checks the issue in at once with the ordered copies. A title without
 * a matching expected issue (irregular, not predicted) opens the hand form with the add-on's issue number filled in.
 */
export function CheckInScan({
  kind,
  canCheckIn,
  onChange,
}: {
  kind: SerialKind;
  canCheckIn: boolean;
  onChange: () => void;
}) {
  const { t } = useTranslation();
  const { base } = arrivalOf(kind);
  const scanRef = useRef<InputRef>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [found, setFound] = useState<ScanResult | null>(null);
  const [copies, setCopies] = useState<number | null>(null);
  const [auto, setAuto] = useState(false);
  const [hand, setHand] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<Done[]>([]);
  const [handForm] = Form.useForm();

  const refocus = () => setTimeout(() => scanRef.current?.focus({ cursor: 'all' }), 0);

  const finished = (r: CheckInResult) => {
    setDone((l) => [{ ...r, key: Date.now() }, ...l].slice(0, 50));
    notify.success(doneText(t, r));
    setFound(null);
    setHand(false);
    setCode('');
    onChange();
    refocus();
  };

  const checkIn = async (issueId: number, n: number) => {
    setBusy(true);
    try {
      finished(await api.post<CheckInResult>(`${base}/CheckIn`, { issueId, copies: n }, { showError: false }));
    } catch (e) {
      setError(e instanceof ApiError ? e.msg : String(e));
      refocus();
    } finally {
      setBusy(false);
    }
  };

  const openHand = (r: ScanResult) => {
    setHand(true);
    handForm.setFieldsValue({
      year: r.issue?.year ?? r.year ?? new Date().getFullYear(),
      issueNo: r.hintIssueNo ?? undefined,
      volume: undefined,
      wholeNo: undefined,
      copies: r.issue?.orderedCopies ?? 1,
    });
  };

  const scan = async () => {
    const barcode = code.trim();
    if (!barcode) return;
    setError(undefined);
    setFound(null);
    setHand(false);
    try {
      const r = await api.post<ScanResult>(`${base}/ScanCover`, { barcode }, { showError: false });
      setFound(r);
      setCopies(r.issue?.orderedCopies ?? 1);
      if (!r.issue) openHand(r);
      else if (auto && canCheckIn) await checkIn(r.issue.id, r.issue.orderedCopies);
    } catch (e) {
      setError(e instanceof ApiError ? e.msg : String(e));
      refocus();
    }
  };

  const submitHand = async () => {
    if (!found) return;
    const v = await handForm.validateFields();
    setBusy(true);
    try {
      finished(
        await api.post<CheckInResult>(`${base}/CheckInByHand`, { ...v, titleId: found.titleId }, { showError: false }),
      );
    } catch (e) {
      if (!fieldErrors(handForm, e)) setError(e instanceof ApiError ? e.msg : String(e));
    } finally {
      setBusy(false);
    }
  };

  const issue = found?.issue;
  return (
    <Space direction="vertical" style={{ width: '100%' }} className="sy-checkin-scan">
      <Space wrap>
        <Input
          ref={scanRef}
          className="sy-scan"
          size="large"
          style={{ width: 460 }}
          value={code}
          placeholder={t(`serialsArrival.scan.${kind}Placeholder`)}
          onChange={(e) => setCode(e.target.value)}
          onPressEnter={() => void scan()}
          autoFocus
        />
        {canCheckIn && (
          <Checkbox checked={auto} onChange={(e) => setAuto(e.target.checked)}>
            {t('serialsArrival.scan.auto')}
          </Checkbox>
        )}
      </Space>
      {error && <Alert type="error" showIcon className="sy-scan-error" message={error} />}
      {found && !issue && !hand && (
        <Alert type="warning" showIcon message={t('serialsArrival.scan.noIssue', { title: found.title })} />
      )}
      {issue && !hand && (
        <Descriptions
          className="sy-scan-found"
          bordered
          size="small"
          column={3}
          title={t('serialsArrival.scan.found')}
          extra={
            canCheckIn && (
              <Button type="link" onClick={() => openHand(found)}>
                {t('serialsArrival.scan.byHand')}
              </Button>
            )
          }
        >
          <Descriptions.Item label={t('serialsArrival.col.title')}>{issue.title}</Descriptions.Item>
          <Descriptions.Item label={t('serialsArrival.col.issue')}>
            <Typography.Text strong className="sy-scan-issue">
              {issueText(t, issue)}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('serialsArrival.col.state')}>
            <StateTag t={t} row={issue} />
          </Descriptions.Item>
          <Descriptions.Item label={t('serialsArrival.col.issn')}>{issue.issn}</Descriptions.Item>
          <Descriptions.Item label={t('serialsArrival.col.expectedDate')}>{issue.expectedDate}</Descriptions.Item>
          <Descriptions.Item label={t('serialsArrival.col.ordered')}>{issue.orderedCopies}</Descriptions.Item>
          {canCheckIn && (
            <Descriptions.Item label={t('serialsArrival.scan.copies')} span={3}>
              <Space>
                <InputNumber
                  className="sy-scan-copies"
                  min={1}
                  max={200}
                  precision={0}
                  value={copies}
                  onChange={setCopies}
                  onPressEnter={() => copies && void checkIn(issue.id, copies)}
                />
                <Button
                  type="primary"
                  className="sy-scan-checkin"
                  loading={busy}
                  disabled={!copies}
                  onClick={() => copies && void checkIn(issue.id, copies)}
                >
                  {t('serialsArrival.scan.checkIn')}
                </Button>
              </Space>
            </Descriptions.Item>
          )}
        </Descriptions>
      )}
      {found && hand && canCheckIn && (
        <Form form={handForm} layout="inline" className="sy-hand-form" onFinish={() => void submitHand()}>
          <Typography.Text strong style={{ marginRight: 12 }}>
            {t('serialsArrival.scan.handTitle', { title: found.title })}
          </Typography.Text>
          <Form.Item name="year" label={t('serialsArrival.scan.year')} rules={[{ required: true, message: '' }]}>
            <InputNumber min={1900} max={2200} precision={0} />
          </Form.Item>
          <Form.Item
            name="issueNo"
            label={t('serialsArrival.scan.issueNo')}
            rules={[{ required: true, message: t('serialsArrival.scan.issueNo') }]}
          >
            <InputNumber className="sy-hand-issue" min={1} max={1000} precision={0} />
          </Form.Item>
          <Form.Item name="volume" label={t('serialsArrival.scan.volume')}>
            <InputNumber min={1} precision={0} />
          </Form.Item>
          <Form.Item name="wholeNo" label={t('serialsArrival.scan.wholeNo')}>
            <InputNumber min={1} precision={0} />
          </Form.Item>
          <Form.Item name="copies" label={t('serialsArrival.scan.copies')} rules={[{ required: true, message: '' }]}>
            <InputNumber min={1} max={200} precision={0} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('serialsArrival.scan.checkIn')}
          </Button>
        </Form>
      )}
      {done.length > 0 && (
        <Table<Done>
          className="sy-checkin-session"
          size="small"
          rowKey="key"
          pagination={false}
          title={() => t('serialsArrival.scan.session')}
          dataSource={done}
          columns={[
            { title: t('serialsArrival.col.title'), render: (_, r) => r.issue.title },
            { title: t('serialsArrival.col.issue'), render: (_, r) => issueText(t, r.issue) },
            { title: t('serialsArrival.col.arrived'), width: 100, render: (_, r) => r.barcodes.length },
            { title: t('serialsArrival.scan.barcodes'), render: (_, r) => r.barcodes.join(', ') },
          ]}
        />
      )}
    </Space>
  );
}
