import { P } from '@shuyuan/contracts/common/paths';
import { type MyVolunteer, VOLUNTEER_KINDS, type VolunteerKind } from '@shuyuan/contracts/volunteers/volunteer';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';
import { Failure, type Note, Notice } from '../parts/Notice.tsx';
import { useLoad } from '../use-load.ts';
import { messageOf } from './personal-api.ts';

const quiet = { showError: false };
const V = `${P}/Volunteer`;

/** The personal area's volunteer tab: apply (again after a rejection), the duty schedule, hours this term. */
export function VolunteerPanel() {
  const { t } = useTranslation();
  const res = useLoad(() => api.post<MyVolunteer>(`${V}/MyVolunteer`, {}, quiet), []);
  const [kind, setKind] = useState<VolunteerKind>('volunteer');
  const [reason, setReason] = useState('');
  const [note, setNote] = useState<Note>(null);
  const me = res.data;
  const app = me?.application;
  const canApply = me && (!app || app.state === 'rejected' || app.state === 'inactive');
  const apply = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await api.post(`${V}/Apply`, { kind, reason }, quiet);
      setNote({ ok: true, text: t('opac.volunteer.applied') });
      setReason('');
      res.reload();
    } catch (err) {
      const issues = (err as { issues?: { message: string }[] }).issues;
      setNote({ ok: false, text: issues?.map((i) => t(i.message)).join('; ') || messageOf(err) });
    }
  };
  return (
    <section aria-labelledby="me-volunteer">
      <h2 id="me-volunteer">{t('opac.me.tab.volunteer')}</h2>
      <Failure text={res.error} />
      <Notice note={note} />
      {app && (
        <p data-testid="volunteer-state">
          {t(`opac.volunteer.kind.${app.kind}`)} · <strong>{t(`opac.volunteer.state.${app.state}`)}</strong>
          {app.state === 'rejected' &&
            app.rejectReason &&
            ` · ${t('opac.volunteer.because', { reason: app.rejectReason })}`}
        </p>
      )}
      {canApply && (
        <form className="opac-form" onSubmit={apply}>
          <label>
            {t('opac.volunteer.kindLabel')}
            <select value={kind} onChange={(e) => setKind(e.target.value as VolunteerKind)}>
              {VOLUNTEER_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`opac.volunteer.kind.${k}`)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('opac.volunteer.reason')}
            <textarea value={reason} maxLength={500} required onChange={(e) => setReason(e.target.value)} />
          </label>
          <button type="submit" className="opac-primary">
            {t('opac.volunteer.apply')}
          </button>
        </form>
      )}
      {app?.state === 'approved' && me && (
        <>
          <p>
            {t('opac.volunteer.hours', {
              term: me.termName || t('opac.volunteer.allTime'),
              hours: Math.round(me.termMinutes / 6) / 10,
            })}
          </p>
          <h3>{t('opac.volunteer.duties')}</h3>
          {me.duties.length === 0 && <p className="opac-empty">{t('opac.volunteer.noDuties')}</p>}
          <ul className="opac-cards">
            {me.duties.map((d) => (
              <li key={`${d.weekday}-${d.startTime}`}>
                {t(`opac.volunteer.weekday.${d.weekday}`)} {d.startTime}–{d.endTime} · {d.serviceTypeName}
              </li>
            ))}
          </ul>
          <h3>{t('opac.volunteer.recent')}</h3>
          <ul className="opac-cards">
            {me.recent.map((r) => (
              <li key={r.signInAt}>
                {r.day} · {r.serviceTypeName} · {t(`opac.volunteer.sign.${r.state}`)}
                {r.state === 'done' && ` · ${t('opac.volunteer.minutes', { count: r.minutes })}`}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
