import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../app/auth/session.ts';
import { setLang } from '../../i18n/index.ts';
import { signInReader } from '../reader.ts';
import { useLoad, useTitle } from '../use-load.ts';
import { issuesOf, meApi } from './personal-api.ts';
import { Notice } from '../parts/Notice.tsx';
import { MustChangePassword, PasswordForm } from './password-form.tsx';

type Note = { ok: boolean; text: string } | null;

/** /userinfo: the reader's profile, e-mail for reminders, language and password. */
export default function UserInfoPage() {
  const { t, i18n } = useTranslation();
  useTitle(t('opac.me.profile'));
  const { token } = useSession();
  const loc = useLocation();
  const me = useLoad(() => (token ? meApi.user() : Promise.resolve(null)), [token]);
  const [email, setEmail] = useState('');
  const [mailNote, setMailNote] = useState<Note>(null);
  useEffect(() => setEmail(me.data?.email ?? ''), [me.data]);
  if (!token)
    return (
      <div className="opac-narrow">
        <h1>{t('opac.me.profile')}</h1>
        <button type="button" className="opac-primary" onClick={() => void signInReader(loc.pathname)}>
          {t('opac.nav.signIn')}
        </button>
      </div>
    );
  const u = me.data;
  if (!u) return <p role="status">{t('common.loading')}</p>;
  if (u.mustChangePassword) return <MustChangePassword user={u} />;
  const saveMail = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await meApi.profile(email.trim());
      setMailNote({ ok: true, text: t('opac.me.saved') });
    } catch (err) {
      setMailNote({ ok: false, text: issuesOf(err) });
    }
  };
  const lang = async (l: 'zh' | 'en') => {
    await setLang(l);
    await meApi.language(l).catch(() => {});
  };
  return (
    <div className="opac-narrow">
      <h1>{t('opac.me.profile')}</h1>
      <p>
        <Link to="/search/personal">{t('opac.nav.personal')}</Link>
      </p>
      <dl className="opac-fields">
        <div>
          <dt>{t('opac.me.name')}</dt>
          <dd>{u.name}</dd>
        </div>
        <div>
          <dt>{t('opac.me.account')}</dt>
          <dd>{u.account}</dd>
        </div>
        <div>
          <dt>{t('opac.me.identityLabel')}</dt>
          <dd>{t(`opac.me.identity.${u.identity}`, u.identity)}</dd>
        </div>
        <div>
          <dt>{t('opac.me.school')}</dt>
          <dd>{u.SchoolName}</dd>
        </div>
        {u.phone && (
          <div>
            <dt>{t('opac.me.phone')}</dt>
            <dd>{u.phone}</dd>
          </div>
        )}
      </dl>
      <form className="opac-form" onSubmit={saveMail}>
        <label>
          {t('opac.me.email')}
          <input type="email" value={email} autoComplete="email" onChange={(e) => setEmail(e.target.value)} />
        </label>
        <button type="submit" className="opac-primary">
          {t('common.save')}
        </button>
        <Notice note={mailNote} />
      </form>
      <fieldset className="opac-form">
        <legend>{t('opac.me.language')}</legend>
        <div className="opac-switch">
          {(['zh', 'en'] as const).map((l) => (
            <button key={l} type="button" aria-pressed={i18n.language === l} onClick={() => void lang(l)}>
              {t(`common.lang.${l}`)}
            </button>
          ))}
        </div>
      </fieldset>
      <PasswordForm title={t('opac.me.changePassword')} submitText={t('opac.me.changePassword')} />
    </div>
  );
}
