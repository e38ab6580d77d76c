import { Alert, Button, Card, Col, Input, Modal, Row, Space, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { useViewActive } from '../../app/layout/ViewHost.tsx';
import { type BorrowDone, type BorrowLimit, type DeskReader, deskApi, type LoanRow } from './desk-api.ts';
import { beep, errorCodeOf, errorText } from './feedback.ts';
import { ReaderPanel } from './reader-panel.tsx';
import { useScanQueue } from './scan-queue.ts';
import { ScanInput, type ScanInputHandle } from './scan-input.tsx';
import { ScanResults, useScanLines } from './scan-results.tsx';

/**
 * Screen /surrency/borrow — the lending desk, keyboard only: scan (or type) the reader's card, then scan
 * copies one after another; each copy is queued and lent in scan order, each line says "due …" or why it was
 * refused. Esc = next reader. When the school asks for verification the reader types their password first.
 */
export default function BorrowDeskPage() {
  const { t } = useTranslation();
  const canBorrow = usePermission('surrency.borrow:borrow');
  const active = useViewActive();
  const scan = useRef<ScanInputHandle>(null);
  const [reader, setReader] = useState<DeskReader | null>(null);
  const [limit, setLimit] = useState<BorrowLimit | null>(null);
  const [loans, setLoans] = useState<LoanRow[]>([]);
  const [readerError, setReaderError] = useState<string | null>(null);
  const [needVerify, setNeedVerify] = useState(false);
  const [verifyToken, setVerifyToken] = useState<string | undefined>();
  const [verifying, setVerifying] = useState(false);
  const { lines, add, settle, clear } = useScanLines<BorrowDone>();
  const { push, pending } = useScanQueue<BorrowDone>((o) =>
    settle(o, (v) => ({
      title: v.title,
      detail: t('circulation.borrow.lent', { name: v.reader.name, due: v.dueDate }),
    })),
  );

  useEffect(() => {
    deskApi.needVerify().then(
      (v) => setNeedVerify(v.needVerify),
      () => undefined,
    );
  }, []);

  const refresh = useCallback(async (account: string) => {
    const [l, list] = await Promise.all([deskApi.limit(account), deskApi.loans(account)]);
    setLimit(l);
    setLoans(list.List);
  }, []);

  // After the queue drains, the panel shows the loans and limits as the server now has them.
  const waiting = pending.length;
  useEffect(() => {
    if (reader && waiting === 0 && lines.length) void refresh(reader.account).catch(() => undefined);
  }, [waiting, lines.length, reader, refresh]);

  const nextReader = useCallback(() => {
    setReader(null);
    setLimit(null);
    setLoans([]);
    setReaderError(null);
    setVerifyToken(undefined);
    setVerifying(false);
    scan.current?.focus();
  }, []);

  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') nextReader();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active, nextReader]);

  const loadReader = async (code: string) => {
    setReaderError(null);
    try {
      const r = await deskApi.reader(code);
      setReader(r);
      setVerifyToken(undefined);
      await refresh(r.account);
      if (needVerify) setVerifying(true);
    } catch (e) {
      beep(false);
      setReaderError(`${code}: ${errorText(e)}`);
    }
  };

  /**
   * Lends one copy; a code that is no copy but another reader's card (the next reader came up without Esc)
   * switches the desk to that reader instead of just saying "no such copy".
   */
  const borrowOrSwitch = async (account: string, code: string, token: string | undefined) => {
    try {
      return await deskApi.borrow(account, code, token);
    } catch (e) {
      if (errorCodeOf(e) !== 'COPY_NOT_FOUND' || code === account) throw e;
      const next = await deskApi.reader(code).catch(() => null);
      if (!next) throw e;
      nextReader();
      void loadReader(code);
      throw new Error(t('circulation.borrow.switchedReader', { code, name: next.name }));
    }
  };

  const onScan = (code: string) => {
    if (!reader) {
      void loadReader(code);
      return;
    }
    const account = reader.account;
    const token = verifyToken;
    const id = push(code, () => borrowOrSwitch(account, code, token));
    add(id, code);
  };

  const mustVerify = needVerify && reader && !verifyToken;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small">
        <Row gutter={16} align="middle">
          <Col flex="auto">
            <ScanInput
              ref={scan}
              testId="desk-scan"
              disabled={!canBorrow || Boolean(mustVerify)}
              placeholder={reader ? t('circulation.borrow.scanCopy') : t('circulation.borrow.scanReader')}
              onScan={onScan}
            />
          </Col>
          <Col>
            <Space>
              {waiting > 0 && (
                <Typography.Text type="warning">{t('circulation.results.queued', { count: waiting })}</Typography.Text>
              )}
              <Button onClick={nextReader} disabled={!reader}>
                {t('circulation.borrow.nextReader')}
              </Button>
            </Space>
          </Col>
        </Row>
        <Typography.Text type="secondary">{t('circulation.borrow.help')}</Typography.Text>
        {!canBorrow && <Alert type="warning" showIcon message={t('circulation.common.noPermission')} />}
        {readerError && <Alert style={{ marginTop: 8 }} type="error" showIcon message={readerError} />}
        {mustVerify && !verifying && (
          <Alert
            style={{ marginTop: 8 }}
            type="warning"
            showIcon
            message={t('circulation.verify.needed')}
            action={<Button onClick={() => setVerifying(true)}>{t('circulation.verify.open')}</Button>}
          />
        )}
      </Card>
      {reader && <ReaderPanel reader={reader} limit={limit} loans={loans} />}
      <ScanResults title={t('circulation.borrow.results')} lines={lines} onClear={clear} />
      {reader && (
        <VerifyModal
          open={verifying}
          reader={reader}
          onDone={(token) => {
            setVerifyToken(token);
            setVerifying(false);
            scan.current?.focus();
          }}
          onCancel={nextReader}
        />
      )}
    </Space>
  );
}

/** The reader types their own password; the token lets this desk lend to them for 30 minutes. */
function VerifyModal({
  open,
  reader,
  onDone,
  onCancel,
}: {
  open: boolean;
  reader: DeskReader;
  onDone: (token: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!password) return;
    setBusy(true);
    try {
      const v = await deskApi.checkVerify(reader.account, password);
      setPassword('');
      setError(null);
      onDone(v.verifyToken);
    } catch (e) {
      beep(false);
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('circulation.verify.title', { name: reader.name })}
      okText={t('circulation.verify.ok')}
      confirmLoading={busy}
      onOk={submit}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text>{t('circulation.verify.hint')}</Typography.Text>
        <Input.Password
          autoFocus
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          onPressEnter={submit}
          placeholder={t('circulation.verify.password')}
        />
        {error && <Alert type="error" showIcon message={error} />}
      </Space>
    </Modal>
  );
}
