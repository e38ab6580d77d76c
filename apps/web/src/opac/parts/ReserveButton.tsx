import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useSession } from '../../app/auth/session.ts';
import { messageOf, meApi } from '../personal/personal-api.ts';
import { signInReader } from '../reader.ts';
import { Notice } from './Notice.tsx';

/** Reserve this title (signed-in readers), or sign in first and come back to this record. */
export function ReserveButton({ recordId, title }: { recordId: number; title: string }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const loc = useLocation();
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  if (!token)
    return (
      <button type="button" className="opac-secondary" onClick={() => void signInReader(loc.pathname + loc.search)}>
        {t('opac.reserve.signIn')}
      </button>
    );
  const reserve = async () => {
    setBusy(true);
    try {
      const r = await meApi.reserve(recordId);
      setNote({
        ok: true,
        text:
          r.state === 'ready'
            ? t('opac.reserve.ready', { title, date: r.holdUntil })
            : t('opac.reserve.waiting', { title, position: r.queuePosition }),
      });
    } catch (e) {
      setNote({ ok: false, text: messageOf(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="opac-reserve">
      <button type="button" className="opac-primary" disabled={busy} onClick={reserve}>
        {t('opac.reserve.button')}
      </button>
      <Notice note={note} />
    </div>
  );
}
