import type { KioskCard } from '@shuyuan/contracts/opac/personal';
import { P } from '@shuyuan/contracts/common/paths';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../app/http.ts';
import { Failure } from '../parts/Notice.tsx';
import { Keyboard } from './search.tsx';

const lookUp = (cardNo: string) => api.post<KioskCard>(`${P}/Opac/KioskCard`, { cardNo }, { showError: false });

/** What a reader's card shows once scanned, for this many seconds (then the screen is blank again). */
const SHOW_SECONDS = 60;

/**
 * /userinfo on a kiosk: a reader scans their card (the scanner types the number and Enter) or types it, and sees
 * their loans with due dates, holds and what is overdue — name masked, nothing else of them. Only a kiosk signed in
 * with its device credentials may ask (the server refuses anyone else); the number never goes into the address.
 */
export function CardPanel() {
  const { t } = useTranslation();
  const [cardNo, setCardNo] = useState('');
  const [card, setCard] = useState<KioskCard | null>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  // A card left on the screen goes away by itself: the next person sees nothing of it.
  useEffect(() => {
    if (!card) return;
    const id = window.setTimeout(() => setCard(null), SHOW_SECONDS * 1000);
    return () => window.clearTimeout(id);
  }, [card]);
  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const no = cardNo.trim();
    if (!no) return;
    setBusy(true);
    setError(undefined);
    setCard(null);
    try {
      setCard(await lookUp(no));
    } catch (err: any) {
      setError(String(err?.msg ?? err?.message ?? err));
    } finally {
      setCardNo('');
      setBusy(false);
      input.current?.focus();
    }
  };
  const key = (k: string) => {
    if (k === 'clear') setCardNo('');
    else if (k === 'back') setCardNo((v) => v.slice(0, -1));
    else if (k !== ' ') setCardNo((v) => v + k.toUpperCase());
  };
  return (
    <section className="guide-panel" aria-labelledby="gp-card">
      <h1 id="gp-card">{t('opac.guide.card.title')}</h1>
      <form className="guide-searchbox" onSubmit={(e) => void submit(e)}>
        <label className="opac-sr" htmlFor="guide-card-no">
          {t('opac.guide.card.label')}
        </label>
        <input
          id="guide-card-no"
          ref={input}
          value={cardNo}
          autoComplete="off"
          inputMode="numeric"
          placeholder={t('opac.guide.card.placeholder')}
          onChange={(e) => setCardNo(e.target.value)}
        />
        <button type="submit" disabled={busy || !cardNo.trim()}>
          {t('opac.guide.card.show')}
        </button>
      </form>
      <Failure text={error} />
      {error && (
        <p className="guide-muted">
          <Link to="/guidescreen/device">{t('opac.guide.card.setUp')}</Link>
        </p>
      )}
      {card ? (
        <div className="guide-card" aria-live="polite">
          <h2>
            {card.maskedName} · {t(`opac.me.identity.${card.identity}`, { defaultValue: card.identity })}
          </h2>
          {card.expired && <p className="guide-warn">{t('opac.guide.card.expired')}</p>}
          <p className={card.overdue ? 'guide-warn' : 'guide-ok'}>
            {card.overdue ? t('opac.guide.card.overdue', { count: card.overdue }) : t('opac.guide.card.noOverdue')}
          </p>
          <h3>{t('opac.guide.card.loans', { count: card.loans.length })}</h3>
          {card.loans.length === 0 && <p className="guide-empty">{t('opac.me.noLoans')}</p>}
          <ul className="guide-copies">
            {card.loans.map((l) => (
              <li key={l.barcode}>
                <strong>{l.title}</strong> · {t('opac.me.due', { date: l.dueDate })}
                {l.overdueDays > 0 && (
                  <span className="guide-warn"> · {t('opac.me.overdue', { count: l.overdueDays })}</span>
                )}
              </li>
            ))}
          </ul>
          <h3>{t('opac.guide.card.holds', { count: card.holds.length })}</h3>
          {card.holds.length === 0 && <p className="guide-empty">{t('opac.me.noReservations')}</p>}
          <ul className="guide-copies">
            {card.holds.map((h) => (
              <li key={`${h.title}-${h.state}`}>
                <strong>{h.title}</strong> · {t(`opac.me.resState.${h.state}`)}
                {h.state === 'ready' && h.holdUntil && ` · ${t('opac.me.pickUpBy', { date: h.holdUntil })}`}
                {h.state === 'waiting' && h.queuePosition && ` · ${t('opac.me.queue', { position: h.queuePosition })}`}
              </li>
            ))}
          </ul>
          <button type="button" className="guide-back" onClick={() => setCard(null)}>
            {t('opac.guide.card.done')}
          </button>
        </div>
      ) : (
        <Keyboard onKey={key} />
      )}
    </section>
  );
}
