import type { SessionUser } from '@shuyuan/contracts/auth/user';
import type { RenewOutcome } from '@shuyuan/contracts/opac/personal';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../app/auth/session.ts';
import { Pager } from '../parts/HitList.tsx';
import { signInReader, signOutReader } from '../reader.ts';
import { useLoad, useTitle } from '../use-load.ts';
import { messageOf, meApi } from './personal-api.ts';
import { PointsPanel } from './points-panel.tsx';
import { ReadingRecordPanel } from './record.tsx';
import { Failure, Notice } from '../parts/Notice.tsx';
import { MustChangePassword } from './password-form.tsx';
import { MyThemes } from '../themes/my-themes.tsx';
import { MyBookLists } from '../booklists/booklists.page.tsx';
import { MyReviews } from './reviews.tsx';
import { VolunteerPanel } from './volunteer.tsx';
import { MyShares } from './shares.tsx';
import { RecommendedList } from '../parts/Recommended.tsx';
import { recommendedApi } from '../reviews-api.ts';

const TABS = [
  'loans',
  'history',
  'reviews',
  'shares',
  'recommended',
  'reservations',
  'suggestions',
  'bill',
  'timeline',
  'integral',
  'themes',
  'booklists',
  'volunteer',
  'children',
] as const;
type Tab = (typeof TABS)[number];

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '—');

function Loans() {
  const { t } = useTranslation();
  const loans = useLoad(() => meApi.loans(), []);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const [outcomes, setOutcomes] = useState<RenewOutcome[] | null>(null);
  const renew = async (loanId: number, title: string) => {
    setOutcomes(null);
    try {
      const r = await meApi.renew(loanId);
      setNote({ ok: true, text: t('opac.me.renewed', { title, date: r.dueDate }) });
      loans.reload();
    } catch (e) {
      setNote({ ok: false, text: t('opac.me.renewRefused', { title, reason: messageOf(e) }) });
    }
  };
  const renewAll = async () => {
    setNote(null);
    try {
      setOutcomes(await meApi.renewAll());
      loans.reload();
    } catch (e) {
      setNote({ ok: false, text: messageOf(e) });
    }
  };
  const list = loans.data?.List ?? [];
  return (
    <section aria-labelledby="me-loans">
      <h2 id="me-loans">{t('opac.me.tab.loans')}</h2>
      <Notice note={note} />
      {outcomes && (
        <ul className="opac-outcomes" aria-live="polite">
          {outcomes.map((o) => (
            <li key={o.loanId} className={o.ok ? 'opac-ok' : 'opac-error'}>
              {o.ok
                ? t('opac.me.renewed', { title: o.title, date: o.dueDate })
                : t('opac.me.renewRefused', { title: o.title, reason: o.reason })}
            </li>
          ))}
        </ul>
      )}
      <Failure text={loans.error} />
      {loans.data && list.length === 0 && <p className="opac-empty">{t('opac.me.noLoans')}</p>}
      {list.length > 1 && (
        <button type="button" className="opac-secondary" onClick={renewAll}>
          {t('opac.me.renewAll')}
        </button>
      )}
      <ul className="opac-cards">
        {list.map((l) => (
          <li key={l.loanId}>
            <h3>{l.title}</h3>
            <p>
              {t('opac.me.due', { date: l.dueDate })}
              {l.overdueDays > 0 && (
                <strong className="opac-late"> · {t('opac.me.overdue', { count: l.overdueDays })}</strong>
              )}
            </p>
            <p className="opac-muted">
              {t('opac.copy.barcode')} {l.barcode} · {t('opac.me.borrowedOn', { date: day(l.borrowedAt) })} ·{' '}
              {t('opac.me.renewals', { count: l.renewals })}
            </p>
            <button type="button" className="opac-secondary" onClick={() => renew(l.loanId, l.title)}>
              {t('opac.me.renew')}
              <span className="opac-sr"> {l.title}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function History() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const res = useLoad(() => meApi.history(page), [page]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  // The whole history as an xlsx sheet, made by the server in the reader's language.
  const exportAll = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await meApi.exportHistory();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="me-history">
      <h2 id="me-history">{t('opac.me.tab.history')}</h2>
      <button type="button" className="opac-secondary" disabled={busy || !res.data?.Total} onClick={exportAll}>
        {t('opac.me.export')}
      </button>
      <Failure text={res.error ?? error} />
      {res.data && res.data.Total === 0 && <p className="opac-empty">{t('opac.me.noHistory')}</p>}
      <ul className="opac-cards">
        {res.data?.List.map((l) => (
          <li key={l.id}>
            <h3>
              <Link to={`/search/book/details?id=${l.recordId}`}>{l.title}</Link>
            </h3>
            <p className="opac-muted">
              {t('opac.me.borrowedOn', { date: day(l.borrowedAt) })} ·{' '}
              {l.returnedAt
                ? t('opac.me.returnedOn', { date: day(l.returnedAt) })
                : t('opac.me.due', { date: l.dueDate })}
              {l.overdueDays > 0 && ` · ${t('opac.me.overdue', { count: l.overdueDays })}`}
            </p>
            <Link to={`/search/book/details?id=${l.recordId}#reviews`}>
              {t('opac.review.writeFor')}
              <span className="opac-sr"> {l.title}</span>
            </Link>
          </li>
        ))}
      </ul>
      {res.data && <Pager page={page} rows={20} total={res.data.Total} onPage={setPage} />}
    </section>
  );
}

function Reservations() {
  const { t } = useTranslation();
  const res = useLoad(() => meApi.reservations(), []);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const cancel = async (id: number, title: string) => {
    try {
      await meApi.cancel(id);
      setNote({ ok: true, text: t('opac.me.cancelled', { title }) });
      res.reload();
    } catch (e) {
      setNote({ ok: false, text: messageOf(e) });
    }
  };
  return (
    <section aria-labelledby="me-res">
      <h2 id="me-res">{t('opac.me.tab.reservations')}</h2>
      <Notice note={note} />
      <Failure text={res.error} />
      {res.data?.length === 0 && <p className="opac-empty">{t('opac.me.noReservations')}</p>}
      <ul className="opac-cards">
        {res.data?.map((r) => (
          <li key={r.id}>
            <h3>
              <Link to={`/search/book/details?id=${r.recordId}`}>{r.title}</Link>
            </h3>
            <p>
              <strong>{t(`opac.me.resState.${r.state}`)}</strong>
              {r.state === 'waiting' && r.queuePosition && ` · ${t('opac.me.queue', { position: r.queuePosition })}`}
              {r.state === 'ready' && r.holdUntil && ` · ${t('opac.me.pickUpBy', { date: r.holdUntil })}`}
            </p>
            <p className="opac-muted">{t('opac.me.reservedOn', { date: day(r.createdAt) })}</p>
            {(r.state === 'waiting' || r.state === 'ready') && (
              <button type="button" className="opac-secondary" onClick={() => cancel(r.id, r.title)}>
                {t('opac.me.cancel')}
                <span className="opac-sr"> {r.title}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Suggestions() {
  const { t } = useTranslation();
  const res = useLoad(() => meApi.suggestions(), []);
  const [form, setForm] = useState({ title: '', author: '', isbn: '', reason: '' });
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await meApi.suggest(form);
      setNote({ ok: true, text: t('opac.me.suggested', { title: form.title }) });
      setForm({ title: '', author: '', isbn: '', reason: '' });
      res.reload();
    } catch (err) {
      const issues = (err as { issues?: { message: string }[] }).issues;
      setNote({ ok: false, text: issues?.map((i) => i.message).join('; ') || messageOf(err) });
    }
  };
  return (
    <section aria-labelledby="me-sug">
      <h2 id="me-sug">{t('opac.me.tab.suggestions')}</h2>
      <form className="opac-form" onSubmit={submit}>
        {(['title', 'author', 'isbn', 'reason'] as const).map((k) => (
          <label key={k}>
            {t(`opac.me.sug.${k}`)}
            <input
              value={form[k]}
              required={k === 'title'}
              onChange={(e) => setForm({ ...form, [k]: e.target.value })}
            />
          </label>
        ))}
        <button type="submit" className="opac-primary">
          {t('opac.me.sug.submit')}
        </button>
      </form>
      <Notice note={note} />
      <ul className="opac-cards">
        {res.data?.List.map((s) => (
          <li key={s.id}>
            <h3>{s.title}</h3>
            <p>
              <strong>{t(`opac.me.sugState.${s.state}`, s.state)}</strong>
              {s.note && ` · ${s.note}`}
              {s.recordId && (
                <>
                  {' · '}
                  <Link to={`/search/book/details?id=${s.recordId}`}>{t('opac.me.sug.view')}</Link>
                </>
              )}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Bill() {
  const { t } = useTranslation();
  const res = useLoad(() => meApi.bill(), []);
  const b = res.data;
  return (
    <section aria-labelledby="me-bill">
      <h2 id="me-bill">{t('opac.me.tab.bill')}</h2>
      <Failure text={res.error} />
      {b && (
        <>
          <dl className="opac-figures">
            <div>
              <dt>{t('opac.me.deposit')}</dt>
              <dd>¥{b.deposit}</dd>
            </div>
            <div>
              <dt>{t('opac.me.owed')}</dt>
              <dd>¥{b.owed}</dd>
            </div>
            <div>
              <dt>{t('opac.me.finesOwed')}</dt>
              <dd data-testid="me-fines-owed">¥{b.finesOwed}</dd>
            </div>
          </dl>
          <h3>{t('opac.me.fines')}</h3>
          {b.fines.length === 0 && <p className="opac-empty">{t('opac.me.noFines')}</p>}
          <ul className="opac-cards" data-testid="me-fines">
            {b.fines.map((f) => (
              <li key={f.fineNo}>
                <h3>{f.title}</h3>
                <p>
                  ¥{f.amount} · <strong>{t(`opac.me.fineState.${f.state}`, f.state)}</strong>
                </p>
                <p>
                  {t('opac.me.fineCounted', {
                    due: f.dueDate,
                    returned: f.returnDay,
                    overdue: f.overdueDays,
                    grace: f.graceDays,
                    charged: f.chargedDays,
                    perDay: f.perDay,
                  })}
                </p>
                <p className="opac-muted">
                  {f.fineNo} · {f.barcode}
                </p>
              </li>
            ))}
          </ul>
          <h3>{t('opac.me.compensations')}</h3>
          {b.compensations.length === 0 && <p className="opac-empty">{t('opac.me.noCompensations')}</p>}
          <ul className="opac-cards">
            {b.compensations.map((c) => (
              <li key={c.orderNo}>
                <h3>{c.title}</h3>
                <p>
                  ¥{c.amount} · <strong>{t(`opac.me.lossState.${c.state}`, c.state)}</strong>
                </p>
                <p className="opac-muted">
                  {c.orderNo} · {day(c.registeredAt)}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

export function Timeline({ childId }: { childId?: number }) {
  const { t } = useTranslation();
  const res = useLoad(() => meApi.timeline(childId), [childId]);
  return (
    <section aria-labelledby={`me-line-${childId ?? 0}`}>
      <h2 id={`me-line-${childId ?? 0}`}>{t('opac.me.tab.timeline')}</h2>
      <Failure text={res.error} />
      {res.data?.length === 0 && <p className="opac-empty">{t('opac.me.noHistory')}</p>}
      <ol className="opac-timeline">
        {res.data?.map((m) => (
          <li key={m.month}>
            <h3>{t('opac.me.month', { month: m.month, count: m.items.length })}</h3>
            <ul>
              {m.items.map((i) => (
                <li key={i.loanId}>
                  {i.title} <span className="opac-muted">{day(i.borrowedAt)}</span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}

function ChildLoans({ id, name }: { id: number; name: string }) {
  const { t } = useTranslation();
  const open = useLoad(() => meApi.kinLoans(id, true), [id]);
  const past = useLoad(() => meApi.kinLoans(id, false), [id]);
  return (
    <section aria-labelledby={`child-${id}`} className="opac-child">
      <h2 id={`child-${id}`}>{t('opac.me.childLoans', { name })}</h2>
      {open.data?.List.length === 0 && <p className="opac-empty">{t('opac.me.noLoans')}</p>}
      <ul className="opac-cards">
        {open.data?.List.map((l) => (
          <li key={l.id}>
            <h3>{l.title}</h3>
            <p>
              {t('opac.me.due', { date: l.dueDate })}
              {l.overdueDays > 0 && (
                <strong className="opac-late"> · {t('opac.me.overdue', { count: l.overdueDays })}</strong>
              )}
            </p>
          </li>
        ))}
      </ul>
      <h3>{t('opac.me.childHistory', { count: past.data?.Total ?? 0 })}</h3>
      <ul className="opac-plain">
        {past.data?.List.map((l) => (
          <li key={l.id}>
            {l.title}{' '}
            <span className="opac-muted">
              {t('opac.me.borrowedOn', { date: day(l.borrowedAt) })} ·{' '}
              {l.returnedAt
                ? t('opac.me.returnedOn', { date: day(l.returnedAt) })
                : t('opac.me.due', { date: l.dueDate })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Children() {
  const { t } = useTranslation();
  const kids = useLoad(() => meApi.children(), []);
  if (kids.data?.length === 0) return <p className="opac-empty">{t('opac.me.noChildren')}</p>;
  return (
    <>
      {kids.data?.map((k) => (
        <ChildLoans key={k.id} id={k.id} name={k.name} />
      ))}
    </>
  );
}

function Area({ user, tab }: { user: SessionUser; tab: Tab }) {
  const { t } = useTranslation();
  const parent = user.identity === 'parent';
  const tabs = TABS.filter((x) => (x === 'children' ? parent : true));
  return (
    <>
      <div className="opac-me-head">
        <h1>{t('opac.me.title', { name: user.name })}</h1>
        <p className="opac-muted">
          {user.account} · {t(`opac.me.identity.${user.identity}`, user.identity)} ·{' '}
          <Link to="/userinfo">{t('opac.me.profile')}</Link> ·{' '}
          <button type="button" className="opac-link-button" onClick={() => void signOutReader()}>
            {t('opac.me.signOut')}
          </button>
        </p>
      </div>
      <nav className="opac-tabs" aria-label={t('opac.me.tabsLabel')}>
        {tabs.map((x) => (
          <Link key={x} to={`/search/personal?tab=${x}`} aria-current={x === tab ? 'page' : undefined}>
            {t(`opac.me.tab.${x}`)}
          </Link>
        ))}
      </nav>
      {tab === 'loans' && <Loans />}
      {tab === 'history' && <History />}
      {tab === 'reviews' && <MyReviews />}
      {tab === 'shares' && <MyShares />}
      {tab === 'recommended' && (
        <section aria-labelledby="me-recommended">
          <h2 id="me-recommended">{t('opac.me.tab.recommended')}</h2>
          <RecommendedList load={(p) => recommendedApi.mine(p)} rows={20} />
        </section>
      )}
      {tab === 'reservations' && <Reservations />}
      {tab === 'suggestions' && <Suggestions />}
      {tab === 'bill' && <Bill />}
      {tab === 'timeline' && <Timeline />}
      {tab === 'integral' && (
        <>
          <PointsPanel />
          <ReadingRecordPanel />
        </>
      )}
      {tab === 'themes' && <MyThemes />}
      {tab === 'booklists' && <MyBookLists />}
      {tab === 'volunteer' && <VolunteerPanel />}
      {tab === 'children' && parent && <Children />}
    </>
  );
}

/**
 * /search/personal (and /search/book, /user/circulation): the signed-in reader's loans, history, reservations,
 * suggestions, bill, reading timeline; a parent also sees each linked child's loans. Signed out: sign in first.
 */
export default function PersonalPage({ tab: fixed }: { tab?: Tab }) {
  const { t } = useTranslation();
  useTitle(t('opac.nav.personal'));
  const { token } = useSession();
  const loc = useLocation();
  const asked = new URLSearchParams(loc.search).get('tab') as Tab;
  const me = useLoad(() => (token ? meApi.user() : Promise.resolve(null)), [token]);
  const user = me.data;
  const tab = TABS.includes(asked) ? asked : (fixed ?? (user?.identity === 'parent' ? 'children' : 'loans'));
  if (!token)
    return (
      <div className="opac-narrow">
        <h1>{t('opac.nav.personal')}</h1>
        <p>{t('opac.me.signInFirst')}</p>
        <button type="button" className="opac-primary" onClick={() => void signInReader(loc.pathname + loc.search)}>
          {t('opac.nav.signIn')}
        </button>
      </div>
    );
  if (me.error) return <p className="opac-error">{me.error}</p>;
  if (!user) return <p role="status">{t('common.loading')}</p>;
  if (user.mustChangePassword) return <MustChangePassword user={user} />;
  return <Area user={user} tab={tab} />;
}
