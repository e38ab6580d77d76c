import type { SessionUser } from '@shuyuan/contracts/auth/user';
import { PASSWORD_MIN_RESET } from '@shuyuan/contracts/common/validators';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice, type Note } from '../parts/Notice.tsx';
import { signOutReader } from '../reader.ts';
import { issuesOf, meApi } from './personal-api.ts';

/** Old, new and repeated password; once changed every session ends and the reader signs in again (spec §8). */
export function PasswordForm({ title, submitText }: { title: string; submitText: string }) {
  const { t } = useTranslation();
  const [pw, setPw] = useState({ oldPassword: '', newPassword: '', confirmPassword: '' });
  const [note, setNote] = useState<Note>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await meApi.password(pw);
      setNote({ ok: true, text: t('opac.me.passwordChanged') });
      setTimeout(() => void signOutReader(), 1500);
    } catch (err) {
      setNote({ ok: false, text: issuesOf(err) });
    }
  };
  return (
    <form className="opac-form" onSubmit={submit}>
      <h2>{title}</h2>
      {(['oldPassword', 'newPassword', 'confirmPassword'] as const).map((k) => (
        <label key={k}>
          {t(`opac.me.pw.${k}`)}
          <input
            type="password"
            value={pw[k]}
            autoComplete={k === 'oldPassword' ? 'current-password' : 'new-password'}
            onChange={(e) => setPw({ ...pw, [k]: e.target.value })}
          />
        </label>
      ))}
      <button type="submit" className="opac-primary">
        {submitText}
      </button>
      <Notice note={note} />
    </form>
  );
}

/**
 * What a reader whose password was set by someone else (the school, an import, the demo data) sees instead of the
 * personal area: the server answers nothing else until the password is the reader's own.
 */
export function MustChangePassword({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  return (
    <div className="opac-narrow" data-testid="must-change-password">
      <h1>{t('opac.me.mustChange.title')}</h1>
      <p>{t('opac.me.mustChange.why', { name: user.name })}</p>
      <ul>
        <li>
          {user.passwordPolicy
            ? t('opac.me.mustChange.rulePolicy')
            : t('opac.me.mustChange.ruleMin', { min: PASSWORD_MIN_RESET })}
        </li>
        <li>{t('opac.me.mustChange.ruleDiffer')}</li>
      </ul>
      <PasswordForm title={t('opac.me.changePassword')} submitText={t('opac.me.changePassword')} />
      <p>
        <button type="button" className="opac-link-button" onClick={() => void signOutReader()}>
          {t('opac.me.signOut')}
        </button>
      </p>
    </div>
  );
}
