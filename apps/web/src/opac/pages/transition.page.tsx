import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { opacApi } from '../opac-api.ts';
import { chooseSchool, useSchool } from '../school.ts';
import { useTitle } from '../use-load.ts';

/** /transition: choose the school by its code (remembered on this device), then go where the reader wanted. */
export default function TransitionPage() {
  const { t, i18n } = useTranslation();
  useTitle(t('opac.school.title'));
  const school = useSchool();
  const loc = useLocation();
  const navigate = useNavigate();
  const to = new URLSearchParams(loc.search).get('to') || '/search';
  const [code, setCode] = useState(school?.code ?? '');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return setError(t('opac.school.codeRequired'));
    setBusy(true);
    setError('');
    try {
      chooseSchool(await opacApi.school(code.trim()));
      navigate(to.startsWith('/') ? to : '/search', { replace: true });
    } catch (err) {
      setError((err as { msg?: string }).msg || t('opac.school.notFound'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="opac-narrow">
      <h1>{t('opac.school.title')}</h1>
      {school && <p>{t('opac.school.current', { name: (i18n.language === 'en' && school.enName) || school.name })}</p>}
      <form onSubmit={submit} className="opac-form" noValidate>
        <label htmlFor="opac-school-code">{t('opac.school.code')}</label>
        <input
          id="opac-school-code"
          value={code}
          autoComplete="off"
          autoCapitalize="none"
          aria-invalid={!!error}
          aria-describedby={error ? 'opac-school-error' : 'opac-school-help'}
          onChange={(e) => setCode(e.target.value)}
        />
        <p id="opac-school-help" className="opac-muted">
          {t('opac.school.help')}
        </p>
        {error && (
          <p id="opac-school-error" className="opac-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="opac-primary" disabled={busy}>
          {t('opac.school.enter')}
        </button>
      </form>
    </div>
  );
}
