import { Alert, Button, Card, Col, Input, Modal, Row, Space, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { useViewActive } from '../../app/layout/ViewHost.tsx';
import { type BorrowStep, BorrowSession } from './borrow-session.ts';
import { type BorrowDone, type DeskReader, deskApi, type ReaderPanelData } from './desk-api.ts';
import { writeAfi } from './afi.ts';
import { beep, errorCodeOf, errorText } from './feedback.ts';
import { ReaderPanel } from './reader-panel.tsx';
import { ScanInput, type ScanInputHandle } from './scan-input.tsx';
import { ScanResults, useScanLines } from './scan-results.tsx';

/** A reader as their card scan answered: who they are, and their panel at that moment. */
type ScannedReader = DeskReader & { panel: ReaderPanelData };

/**
 * Screen /surrency/borrow — the lending desk, keyboard only: scan (or type) the reader's card, then scan
 * copies one after another. Every scan (cards and copies) and every Esc goes into one ordered queue, so each
 * copy is lent to the reader whose card was scanned before it, however fast the scans come; each line says
 * "due …" or why it was refused. Esc = next reader. When the school asks for verification the queue waits
 * while the reader types their password.
 */
export default function BorrowDeskPage() {
  const { t } = useTranslation();
  const canBorrow = usePermission('surrency.borrow:borrow');
  const active = useViewActive();
  const scan = useRef<ScanInputHandle>(null);
  const [reader, setReader] = useState<DeskReader | null>(null);
  /** The reader's limits, loans and holds: from the card scan, then from each loan's answer. */
  const [panel, setPanel] = useState<ReaderPanelData | null>(null);
  const [needVerify, setNeedVerify] = useState(false);
  /** Whether the school asks readers to verify; the first reader waits for the answer. */
  const [needVerifyAnswer] = useState(() =>
    deskApi.needVerify().then(
      (v) => v.needVerify,
      () => false,
    ),
  );
  /** The verification the queue is waiting for (the modal is open while this is set). */
  const [verifying, setVerifying] = useState<{
    reader: DeskReader;
    done: (token: string) => void;
    cancel: () => void;
  } | null>(null);
  const { lines, add, settle, clear } = useScanLines<BorrowStep<ScannedReader, BorrowDone>>();
  const [pending, setPending] = useState<string[]>([]);
  const tRef = useRef(t);
  tRef.current = t;
  const settleRef = useRef(settle);
  settleRef.current = settle;

  // One session per screen: every scan and every Esc is handled in order (see borrow-session.ts).
  const [session] = useState(
    () =>
      new BorrowSession<ScannedReader, BorrowDone>(
        {
          // One request per scan: the card answers the reader with their panel, each loan the panel after it.
          reader: async (code) => {
            const { reader: r, ...p } = await deskApi.reader(code);
            return { ...r, panel: p };
          },
          borrow: async (account, code, token) => {
            const { panel: after, ...done } = await deskApi.borrow(account, code, token);
            setPanel(after);
            return { ...done, afiFailed: !(await writeAfi(done.afiWrite)) };
          },
          isNotCopy: (e) => errorCodeOf(e) === 'COPY_NOT_FOUND',
          verify: async (r) =>
            (await needVerifyAnswer)
              ? new Promise<string>((done, no) =>
                  setVerifying({
                    reader: r,
                    done,
                    cancel: () => no(new Error(tRef.current('circulation.borrow.verifyCancelled', { name: r.name }))),
                  }),
                )
              : '',
          onReader: (r) => {
            setReader(r);
            setPanel(r?.panel ?? null);
          },
          noReader: (code, cause) =>
            errorCodeOf(cause) === 'READER_NOT_FOUND'
              ? new Error(tRef.current('circulation.borrow.noReader', { code }))
              : new Error(errorText(cause)),
        },
        (o) =>
          settleRef.current(o, (v) =>
            v.kind === 'reader'
              ? {
                  title: v.reader.name,
                  detail: tRef.current('circulation.borrow.readerLine', { account: v.reader.account }),
                }
              : {
                  title: v.loan.title,
                  detail: tRef.current('circulation.borrow.lent', { name: v.reader.name, due: v.loan.dueDate }),
                  notice: v.loan.afiFailed ? (
                    <Typography.Text type="warning">{tRef.current('circulation.borrow.afiFailed')}</Typography.Text>
                  ) : undefined,
                },
          ),
        setPending,
      ),
  );

  useEffect(() => {
    void needVerifyAnswer.then(setNeedVerify);
  }, [needVerifyAnswer]);

  const waiting = pending.length;

  const nextReader = useCallback(() => {
    session.nextReader();
    scan.current?.focus();
  }, [session]);

  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') nextReader();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active, nextReader]);

  const onScan = (code: string) => add(session.scan(code), code);

  const mustVerify = needVerify && Boolean(verifying);
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small">
        <Row gutter={16} align="middle">
          <Col flex="auto">
            <ScanInput
              ref={scan}
              testId="desk-scan"
              disabled={!canBorrow || mustVerify}
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
      </Card>
      {reader && (
        <ReaderPanel reader={reader} limit={panel?.limit ?? null} loans={panel?.loans ?? []} holds={panel?.holds} />
      )}
      <ScanResults title={t('circulation.borrow.results')} lines={lines} onClear={clear} />
      {verifying && (
        <VerifyModal
          open
          reader={verifying.reader}
          onDone={(token) => {
            verifying.done(token);
            setVerifying(null);
            scan.current?.focus();
          }}
          onCancel={() => {
            verifying.cancel();
            setVerifying(null);
            scan.current?.focus();
          }}
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
