import { UPLOAD_IMAGE_EXT, UPLOAD_IMAGE_MAX } from '@shuyuan/contracts/settings/upload';
import type { MyTheme, TaskDto } from '@shuyuan/contracts/themes/theme';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Failure, type Note, Notice } from '../parts/Notice.tsx';
import { issuesOf, messageOf } from '../personal/personal-api.ts';
import { useLoad } from '../use-load.ts';
import { StateBadge } from './theme-list.page.tsx';
import { themesApi } from './themes-api.ts';
import './themes.css';

/** A picture or a text for one submit task; it waits for a teacher. */
function SubmitForm({ task, onDone }: { task: TaskDto; onDone: (note: Note) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const picture = task.submitKind === 'picture';
  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (picture && file && file.size > UPLOAD_IMAGE_MAX) {
      onDone({ ok: false, text: t('opac.themes.tooBig', { mb: UPLOAD_IMAGE_MAX / 1024 / 1024 }) });
      return;
    }
    setBusy(true);
    try {
      const image = picture && file ? (await themesApi.upload(file)).url : '';
      await themesApi.submit({ taskId: task.id, text, image });
      setText('');
      setFile(null);
      onDone({ ok: true, text: t('opac.themes.submitted', { task: task.title }) });
    } catch (err) {
      onDone({ ok: false, text: issuesOf(err) });
    } finally {
      setBusy(false);
    }
  };
  const id = `task-${task.id}`;
  return (
    <form className="opac-theme-submit" onSubmit={send}>
      {picture ? (
        <>
          <label htmlFor={id}>{t('opac.themes.choosePicture')}</label>
          <input
            id={id}
            type="file"
            accept={UPLOAD_IMAGE_EXT.join(',')}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </>
      ) : (
        <>
          <label htmlFor={id}>{t('opac.themes.writeText')}</label>
          <textarea id={id} rows={4} maxLength={2000} value={text} onChange={(e) => setText(e.target.value)} />
        </>
      )}
      <button type="submit" className="opac-secondary" disabled={busy}>
        {t('opac.themes.submit')}
        <span className="opac-sr"> {task.title}</span>
      </button>
    </form>
  );
}

function ThemeCard({ th, reload }: { th: MyTheme; reload: () => void }) {
  const { t } = useTranslation();
  const [note, setNote] = useState<Note>(null);
  const join = async () => {
    try {
      await themesApi.join(th.id);
      setNote({ ok: true, text: t('opac.themes.joinedOk', { title: th.title }) });
      reload();
    } catch (e) {
      setNote({ ok: false, text: messageOf(e) });
    }
  };
  const running = th.state === 'running';
  return (
    <li className="opac-theme" data-testid={`my-theme-${th.id}`}>
      <h3>
        <Link to={`/search/themeList/details?id=${th.id}`}>{th.title}</Link>
      </h3>
      <p className="opac-muted">
        <StateBadge state={th.state} /> {t('opac.themes.period', { start: th.startDate, end: th.endDate })}
      </p>
      <Notice note={note} />
      {!th.joined && running && (
        <button type="button" className="opac-primary" onClick={join}>
          {t('opac.themes.join')}
          <span className="opac-sr"> {th.title}</span>
        </button>
      )}
      {th.joined && (
        <>
          <ul className="opac-plain opac-theme-tasks">
            {th.tasks.map((task) => {
              const p = th.progress.find((x) => x.taskId === task.id);
              return (
                <li key={task.id}>
                  <span className={p?.complete ? 'opac-badge ok' : 'opac-badge'}>
                    {t('opac.themes.progress', { done: p?.done ?? 0, count: task.count })}
                  </span>{' '}
                  <strong>{task.title}</strong>{' '}
                  <span className="opac-muted">{t(`opac.themes.task.${task.kind}`, { count: task.count })}</span>
                  {task.kind === 'submit' && running && !p?.complete && (
                    <SubmitForm
                      task={task}
                      onDone={(n) => {
                        setNote(n);
                        if (n?.ok) reload();
                      }}
                    />
                  )}
                </li>
              );
            })}
          </ul>
          {th.submissions.length > 0 && (
            <>
              <h4>{t('opac.themes.mySubmissions')}</h4>
              <ul className="opac-plain">
                {th.submissions.map((s) => (
                  <li key={s.id}>
                    <span className={s.state === 'passed' ? 'opac-badge ok' : 'opac-badge'}>
                      {t(`opac.themes.sub.${s.state}`)}
                    </span>{' '}
                    {s.kind === 'picture' ? (
                      <img className="opac-work-thumb" src={s.image} alt={t('opac.themes.myPicture')} />
                    ) : (
                      s.text
                    )}
                    {s.score != null && ` · ${t('opac.themes.score', { score: s.score })}`}
                    {s.reason && <span className="opac-muted"> · {t('opac.themes.reason', { reason: s.reason })}</span>}
                  </li>
                ))}
              </ul>
            </>
          )}
          {th.complete && (
            <p className="opac-ok">
              {t('opac.themes.completed')}{' '}
              <button type="button" className="opac-secondary" onClick={() => void themesApi.certificate(th.id)}>
                {t('opac.themes.certificate')}
              </button>
            </p>
          )}
        </>
      )}
    </li>
  );
}

/** The personal area's themes: join a running theme, see the progress per task, submit work, get the certificate. */
export function MyThemes() {
  const { t } = useTranslation();
  const res = useLoad(() => themesApi.mine(), []);
  return (
    <section aria-labelledby="me-themes">
      <h2 id="me-themes">{t('opac.me.tab.themes')}</h2>
      <Failure text={res.error} />
      {res.data?.length === 0 && <p className="opac-empty">{t('opac.themes.noneForMe')}</p>}
      <ul className="opac-cards">
        {res.data?.map((th) => (
          <ThemeCard key={th.id} th={th} reload={res.reload} />
        ))}
      </ul>
    </section>
  );
}
