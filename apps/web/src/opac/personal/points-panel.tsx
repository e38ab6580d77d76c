import type { ListData } from '@shuyuan/contracts/common/envelope';
import { P } from '@shuyuan/contracts/common/paths';
import { CLOCK_MAX_MINUTES, type ClockInDone, type MyClockIns } from '@shuyuan/contracts/points/clock';
import type { MyPointEntry, MyPoints } from '@shuyuan/contracts/points/points';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';
import { Pager } from '../parts/HitList.tsx';
import { Failure, type Note, Notice } from '../parts/Notice.tsx';
import { useLoad } from '../use-load.ts';
import { issuesOf, meApi } from './personal-api.ts';

const O = `${P}/Opac`;
const quiet = { showError: false };
const pointsApi = {
  mine: () => api.post<MyPoints>(`${O}/MyPoints`, {}, quiet),
  entries: (Page: number) => api.post<ListData<MyPointEntry>>(`${O}/MyPointEntries`, { Page, Rows: 20 }, quiet),
  clocks: () => api.post<MyClockIns>(`${O}/MyClockIns`, {}, quiet),
  clockIn: (b: { recordId?: number; title?: string; minutes: number }) =>
    api.post<ClockInDone>(`${O}/ClockIn`, b, quiet),
};

/** Today's clock-in: a book they borrowed or the reader's own words, and the minutes read; the streak so far. */
function ClockIn({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const clocks = useLoad(() => pointsApi.clocks(), []);
  const history = useLoad(() => meApi.history(1, 40), []);
  const [recordId, setRecordId] = useState('');
  const [title, setTitle] = useState('');
  const [minutes, setMinutes] = useState('20');
  const [note, setNote] = useState<Note>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const r = await pointsApi.clockIn({
        recordId: recordId ? Number(recordId) : undefined,
        title: recordId ? undefined : title,
        minutes: Number(minutes),
      });
      setNote({
        ok: true,
        text: t('opac.me.clock.done', { minutes: r.minutesToday, streak: r.streak, points: r.points }),
      });
      setTitle('');
      clocks.reload();
      onDone();
    } catch (err) {
      setNote({ ok: false, text: issuesOf(err) });
    }
  };
  const c = clocks.data;
  return (
    <section aria-labelledby="me-clock">
      <h3 id="me-clock">{t('opac.me.clock.title')}</h3>
      {c && (
        <p className="opac-muted">
          {t('opac.me.clock.summary', { streak: c.streak, today: c.minutesToday, week: c.minutesWeek })}
        </p>
      )}
      <form className="opac-form" onSubmit={submit}>
        <label>
          {t('opac.me.clock.book')}
          <select value={recordId} onChange={(e) => setRecordId(e.target.value)}>
            <option value="">{t('opac.me.clock.ownWords')}</option>
            {[...new Map((history.data?.List ?? []).map((l) => [l.recordId, l.title])).entries()].map(([id, title]) => (
              <option key={id} value={id}>
                {title}
              </option>
            ))}
          </select>
        </label>
        {!recordId && (
          <label>
            {t('opac.me.clock.what')}
            <input value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} />
          </label>
        )}
        <label>
          {t('opac.me.clock.minutes', { max: CLOCK_MAX_MINUTES })}
          <input
            type="number"
            min={1}
            max={CLOCK_MAX_MINUTES}
            value={minutes}
            onChange={(e) => setMinutes(e.target.value)}
          />
        </label>
        <button type="submit" className="opac-primary">
          {t('opac.me.clock.submit')}
        </button>
        <Notice note={note} />
      </form>
      {c && c.recent.length > 0 && (
        <ul className="opac-muted">
          {c.recent.slice(0, 5).map((r) => (
            <li key={r.id}>{t('opac.me.clock.entry', { day: r.day, title: r.title, minutes: r.minutes })}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * /user/integral: the reader's points — balance, rank in their class (classmates' names masked), the ledger — and
 * the daily reading clock-in.
 */
export function PointsPanel() {
  const { t } = useTranslation();
  const mine = useLoad(() => pointsApi.mine(), []);
  const [page, setPage] = useState(1);
  const entries = useLoad(() => pointsApi.entries(page), [page]);
  const reload = () => {
    mine.reload();
    entries.reload();
  };
  const m = mine.data;
  return (
    <section aria-labelledby="me-points">
      <h2 id="me-points">{t('opac.me.points.title')}</h2>
      <Failure text={mine.error ?? entries.error} />
      {m && (
        <dl className="opac-figures">
          <div>
            <dt>{t('opac.me.points.balance')}</dt>
            <dd data-testid="points-balance">{m.balance}</dd>
          </div>
          {m.classRank !== null && (
            <div>
              <dt>{t('opac.me.points.classRank', { className: m.className })}</dt>
              <dd>{t('opac.me.points.rankOf', { rank: m.classRank, size: m.classSize })}</dd>
            </div>
          )}
        </dl>
      )}
      <ClockIn onDone={reload} />
      {m && m.classTop.length > 0 && (
        <table className="opac-table">
          <caption>{t('opac.me.points.classTop')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('opac.me.points.rank')}</th>
              <th scope="col">{t('opac.me.name')}</th>
              <th scope="col">{t('opac.me.points.balance')}</th>
            </tr>
          </thead>
          <tbody>
            {m.classTop.map((r) => (
              <tr key={`${r.rank}-${r.name}`} aria-current={r.me ? 'true' : undefined}>
                <td>{r.rank}</td>
                <td>{r.me ? <strong>{r.name}</strong> : r.name}</td>
                <td>{r.balance}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="opac-scroll" tabIndex={0} role="region" aria-label={t('opac.me.points.ledger')}>
        <table className="opac-table">
          <caption>{t('opac.me.points.ledger')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('opac.me.points.day')}</th>
              <th scope="col">{t('opac.me.points.event')}</th>
              <th scope="col">{t('opac.me.points.points')}</th>
              <th scope="col">{t('opac.me.points.after')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.data?.List.map((e) => (
              <tr key={e.id}>
                <td>{e.day}</td>
                <td>
                  {t(`opac.me.points.event_${e.event}`)}
                  {e.event === 'manual' && e.note ? ` (${e.note})` : ''}
                </td>
                <td>{e.points > 0 ? `+${e.points}` : e.points}</td>
                <td>{e.balanceAfter}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {entries.data?.Total === 0 && <p className="opac-empty">{t('opac.me.points.none')}</p>}
      <Pager page={page} rows={20} total={entries.data?.Total ?? 0} onPage={setPage} />
    </section>
  );
}
