import { Alert, Button, Card, Col, Input, Modal, Row, Space, Typography } from 'antd';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { OVERRIDABLE_REFUSALS } from '@shuyuan/contracts/circulation/loan';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { useViewActive } from '../../app/layout/ViewHost.tsx';
import { type BorrowStep, BorrowSession } from './borrow-session.ts';
import { type BorrowDone, type DeskReader, deskApi, type FinesOwed, type ReaderPanelData } from './desk-api.ts';
import { writeAfi } from './afi.ts';
import { beep, errorCodeOf, errorText } from './feedback.ts';
import { ReaderPanel } from './reader-panel.tsx';
import { ScanInput, type ScanInputHandle } from './scan-input.tsx';
import { ScanResults, useScanLines } from './scan-results.tsx';

/** A reader as their card scan answered: who they are, their panel at that moment and the fines they owe. */
type ScannedReader = DeskReader & { panel: ReaderPanelData; fines: FinesOwed };

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
  const [reader, setReader] = useState<ScannedReader | null>(null);
  /** The reader's limits, loans and holds: from the card scan, then from each loan's answer. */
  const [panel, setPanel] = useState<ReaderPanelData | null>(null);
  const [needVerify, setNeedVerify] = useState(false);
  /**
   * Whether the school asks readers to verify; the first reader waits for the answer. Asked once the screen is
   * shown (an effect), not while it renders: a render React throws away and retries would ask again.
   */
  const [verifyAsk] = useState(() => {
    let answer: (need: boolean) => void = () => {};
    const promise = new Promise<boolean>((resolve) => {
      answer = resolve;
    });
    return { promise, answer, asked: false };
  });
  const needVerifyAnswer = verifyAsk.promise;
  useEffect(() => {
    if (verifyAsk.asked) return;
    verifyAsk.asked = true;
    void deskApi.needVerify().then(
      (v) => verifyAsk.answer(v.needVerify),
      () => verifyAsk.answer(false),
    );
  }, [verifyAsk]);
  /** The verification the queue is waiting for (the modal is open while this is set). */
  const [verifying, setVerifying] = useState<{
    reader: DeskReader;
    done: (token: string) => void;
    cancel: () => void;
  } | null>(null);
  const { lines, add, settle, replace, clear } = useScanLines<BorrowStep<ScannedReader, BorrowDone>>();
  const canOverride = usePermission('surrency.borrow:override');
  /** Refused loans a librarian with the override permission may make anyway: the refusal → what was asked. */
  const [overridable] = useState(() => new WeakMap<object, Attempt>());
  /** The refused line being overridden (the reason modal is open while this is set). */
  const [overriding, setOverriding] = useState<{ id: number; attempt: Attempt; refusal: string } | null>(null);
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
            const { reader: r, fines, ...p } = await deskApi.reader(code);
            return { ...r, panel: p, fines };
          },
          borrow: async (account, code, token) => {
            try {
              const { panel: after, ...done } = await deskApi.borrow(account, code, token);
              setPanel(after);
              return { ...done, afiFailed: !(await writeAfi(done.afiWrite)) };
            } catch (e) {
              if (OVERRIDABLE_REFUSALS.includes(errorCodeOf(e)) && e instanceof Object)
                overridable.set(e, { account, code, token });
              throw e;
            }
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
                  counted: false,
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
        <ReaderPanel
          reader={reader}
          limit={panel?.limit ?? null}
          loans={panel?.loans ?? []}
          holds={panel?.holds}
          fines={reader.fines}
        />
      )}
      <ScanResults
        title={t('circulation.borrow.results')}
        lines={lines}
        onClear={clear}
        action={(l) => {
          const attempt = l.error instanceof Object ? overridable.get(l.error) : undefined;
          if (!canOverride || !attempt) return null;
          return (
            <Button
              size="small"
              danger
              data-testid="override"
              onClick={() => setOverriding({ id: l.id, attempt, refusal: l.message ?? '' })}
            >
              {t('circulation.borrow.override')}
            </Button>
          );
        }}
      />
      {overriding && (
        <OverrideModal
          attempt={overriding.attempt}
          refusal={overriding.refusal}
          onDone={(done, reason) => {
            beep(true);
            setPanel(done.panel);
            replace(overriding.id, {
              state: 'ok',
              title: done.title,
              detail: t('circulation.borrow.lent', { name: done.reader.name, due: done.dueDate }),
              notice: (
                <Typography.Text type="warning">{t('circulation.borrow.overridden', { reason })}</Typography.Text>
              ),
            });
            setOverriding(null);
            scan.current?.focus();
          }}
          onCancel={() => {
            setOverriding(null);
            scan.current?.focus();
          }}
        />
      )}
      {verifying && (
        <VerifyModal
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

/** A refused loan: the reader, the copy scanned, and the reader's verification token. */
interface Attempt {
  account: string;
  code: string;
  token: string | undefined;
}

/**
 * A desk modal that asks for one value (a password, a reason) and runs a server call with it: busy while it runs,
 * the refusal shown in the modal (with the desk's buzz) so the librarian can correct and try again.
 */
function AskModal({
  title,
  okText,
  danger,
  hint,
  field,
  run,
  onCancel,
}: {
  title: string;
  okText: string;
  danger?: boolean;
  hint: string;
  field: (value: string, set: (v: string) => void, submit: () => void) => ReactNode;
  /** Runs with the value; returns an error text to show instead of running (e.g. a value required). */
  run: (value: string) => Promise<string | undefined>;
  onCancel: () => void;
}) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      const problem = await run(value);
      setError(problem ?? null);
    } catch (e) {
      beep(false);
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={title}
      okText={okText}
      okButtonProps={danger ? { danger: true } : undefined}
      confirmLoading={busy}
      onOk={submit}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text>{hint}</Typography.Text>
        {field(value, setValue, () => void submit())}
        {error && <Alert type="error" showIcon message={error} />}
      </Space>
    </Modal>
  );
}

/** Lends a refused copy anyway: the librarian gives the reason, which the operation log keeps. */
function OverrideModal({
  attempt,
  refusal,
  onDone,
  onCancel,
}: {
  attempt: Attempt;
  refusal: string;
  onDone: (done: BorrowDone & { panel: ReaderPanelData }, reason: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <AskModal
      title={t('circulation.borrow.overrideTitle', { code: attempt.code })}
      okText={t('circulation.borrow.overrideOk')}
      danger
      hint={t('circulation.borrow.overrideHelp', { refusal })}
      onCancel={onCancel}
      field={(value, set) => (
        <Input.TextArea
          autoFocus
          data-testid="override-reason"
          maxLength={200}
          value={value}
          onChange={(e) => set(e.target.value)}
          placeholder={t('circulation.borrow.overrideReason')}
        />
      )}
      run={async (value) => {
        const why = value.trim();
        if (!why) return t('circulation.borrow.overrideReasonRequired');
        const done = await deskApi.borrow(attempt.account, attempt.code, attempt.token, why);
        void writeAfi(done.afiWrite);
        onDone(done, why);
        return undefined;
      }}
    />
  );
}

/** The reader types their own password; the token lets this desk lend to them for 30 minutes. */
function VerifyModal({
  reader,
  onDone,
  onCancel,
}: {
  reader: DeskReader;
  onDone: (token: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <AskModal
      title={t('circulation.verify.title', { name: reader.name })}
      okText={t('circulation.verify.ok')}
      hint={t('circulation.verify.hint')}
      onCancel={onCancel}
      field={(value, set, submit) => (
        <Input.Password
          autoFocus
          value={value}
          onChange={(e) => set(e.target.value)}
          onPressEnter={submit}
          placeholder={t('circulation.verify.password')}
        />
      )}
      run={async (password) => {
        if (!password) return undefined;
        const v = await deskApi.checkVerify(reader.account, password);
        onDone(v.verifyToken);
        return undefined;
      }}
    />
  );
}
