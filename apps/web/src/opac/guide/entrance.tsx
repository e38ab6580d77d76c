import type { CardScanResult } from '@shuyuan/contracts/statistics/gate';
import { P } from '@shuyuan/contracts/common/paths';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { DESKTOP_KEY } from '../../app/auth/renew.ts';
import { api } from '../../app/http.ts';
import { useSchool } from '../school.ts';
import './guide.css';

/** How long a greeting (or a refusal) stays before the screen asks for the next card. */
const SHOW_MS = 5_000;

/**
 * #/entrance: the screen at the library's entrance. A reader scans their card (the card reader types the number
 * and Enter into the always-focused field); the visit is recorded through the device API (P/Gate/CardScan) and
 * the reader greeted. `?direction=out` makes it an exit screen, `?gate=` names its door. The kiosk signs in once
 * as a device (#/guidescreen/device?next=/entrance).
 */
export default function EntranceScreen() {
  const { t, i18n } = useTranslation();
  const loc = useLocation();
  const params = new URLSearchParams(loc.search);
  const direction = params.get('direction') === 'out' ? 'out' : 'in';
  const gate = (params.get('gate') ?? '').slice(0, 50);
  const school = useSchool();
  const input = useRef<HTMLInputElement>(null);
  const [card, setCard] = useState('');
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<{ ok: true; r: CardScanResult } | { ok: false; text: string } | null>(null);
  const [now, setNow] = useState(() => new Date());

  useEffect(() => {
    document.documentElement.classList.add('guide-root');
    const id = setInterval(() => setNow(new Date()), 1000);
    return () => {
      clearInterval(id);
      document.documentElement.classList.remove('guide-root');
    };
  }, []);
  useEffect(() => {
    if (!shown) return;
    const id = setTimeout(() => setShown(null), SHOW_MS);
    return () => clearTimeout(id);
  }, [shown]);

  if (!localStorage.getItem(DESKTOP_KEY)) return <Navigate to="/guidescreen/device?next=/entrance" replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = card.trim();
    setCard('');
    if (!value || busy) return;
    setBusy(true);
    try {
      const r = await api.post<CardScanResult>(
        `${P}/Gate/CardScan`,
        { card: value, direction, gate },
        { showError: false },
      );
      setShown({ ok: true, r });
    } catch (err: any) {
      setShown({ ok: false, text: String(err?.msg ?? err?.message ?? err) });
    } finally {
      setBusy(false);
      input.current?.focus();
    }
  };
  const name = school ? (i18n.language === 'en' && school.enName ? school.enName : school.name) : '';
  return (
    <div className="guide" onClick={() => input.current?.focus()}>
      <header className="guide-header">
        <span className="guide-brand">{name}</span>
        <span className="guide-clock">{now.toLocaleTimeString(i18n.language === 'en' ? 'en-GB' : 'zh-CN')}</span>
      </header>
      <main className="guide-main guide-entrance">
        <h1>{t(direction === 'in' ? 'opac.entrance.welcome' : 'opac.entrance.goodbye')}</h1>
        <form onSubmit={(e) => void submit(e)}>
          <label htmlFor="entrance-card">{t('opac.entrance.scan')}</label>
          <input
            id="entrance-card"
            ref={input}
            value={card}
            autoFocus
            autoComplete="off"
            inputMode="none"
            onBlur={() => setTimeout(() => input.current?.focus(), 200)}
            onChange={(e) => setCard(e.target.value)}
          />
        </form>
        <div className="guide-entrance-result" aria-live="polite">
          {shown?.ok && (
            <p className="guide-entrance-ok" role="status">
              <strong>{shown.r.name}</strong>
              {shown.r.className && <span> · {shown.r.className}</span>}
              <br />
              {t(direction === 'in' ? 'opac.entrance.recorded' : 'opac.entrance.recordedOut', {
                count: shown.r.visitsToday,
              })}
            </p>
          )}
          {shown && !shown.ok && (
            <p className="guide-entrance-refused" role="alert">
              {shown.text}
            </p>
          )}
        </div>
      </main>
    </div>
  );
}
