import type { KioskApps } from '@shuyuan/contracts/bulletin/kiosk';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { DESKTOP_KEY, renewClientToken } from '../../app/auth/renew.ts';
import { updateSession } from '../../app/auth/session.ts';
import { api } from '../../app/http.ts';
import { Failure } from '../parts/Notice.tsx';
import { chooseSchool } from '../school.ts';
import './guide.css';

const APPS = '/micro/dc/open/library/apps/getcompanyhardwareappslist';

/** The school's kiosk apps and their settings (with a device token: the device's own school). */
export const kioskApps = () => api.get<KioskApps>(APPS, {}, { showError: false });

/**
 * /guidescreen/device: a kiosk is set up once with the client id and secret made for it on /sys/devices (a client
 * with no acting account reads public data only). It signs in with the client-credentials grant — no person's
 * password on the kiosk — learns its school and opens the guide screen; the device renews its token by itself.
 */
export default function DeviceSetup() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Where to go once signed in: the guide screen, or the entrance screen (?next=/entrance).
  const next = new URLSearchParams(useLocation().search).get('next') === '/entrance' ? '/entrance' : '/guidescreen';
  const [clientId, setClientId] = useState('');
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    localStorage.setItem(DESKTOP_KEY, JSON.stringify({ clientId: clientId.trim(), clientSecret: secret }));
    try {
      if (!(await renewClientToken())) throw new Error(t('opac.guide.deviceRefused'));
      const apps = await kioskApps();
      chooseSchool(apps.school);
      navigate(next, { replace: true });
    } catch (err: any) {
      localStorage.removeItem(DESKTOP_KEY);
      updateSession({ token: null });
      setError(String(err?.msg ?? err?.message ?? err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="guide">
      <main className="guide-main guide-device">
        <h1>{t('opac.guide.deviceTitle')}</h1>
        <p className="guide-muted">{t('opac.guide.deviceHelp')}</p>
        <form onSubmit={(e) => void submit(e)}>
          <label htmlFor="kiosk-id">{t('opac.guide.clientId')}</label>
          <input
            id="kiosk-id"
            value={clientId}
            autoComplete="off"
            required
            onChange={(e) => setClientId(e.target.value)}
          />
          <label htmlFor="kiosk-secret">{t('opac.guide.clientSecret')}</label>
          <input
            id="kiosk-secret"
            type="password"
            value={secret}
            autoComplete="off"
            required
            onChange={(e) => setSecret(e.target.value)}
          />
          <button type="submit" className="guide-back" disabled={busy}>
            {t('opac.guide.deviceSignIn')}
          </button>
        </form>
        <Failure text={error} />
      </main>
    </div>
  );
}
