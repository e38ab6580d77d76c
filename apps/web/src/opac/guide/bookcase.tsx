import type { BookcaseScreen } from '@shuyuan/contracts/bulletin/kiosk';
import { P } from '@shuyuan/contracts/common/paths';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '../../app/http.ts';
import { copyStatus, onShelf } from '../labels.ts';
import { Failure } from '../parts/Notice.tsx';
import { useLoad } from '../use-load.ts';

const ROWS = 30;

/** /smart_bookcase?id=: a self-service bookcase's screen — its location's copies, those that lend now first. */
export function BookcasePanel() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const res = useLoad(
    () => api.post<BookcaseScreen>(`${P}/Search/GetBookcase`, { id, Page: page, Rows: ROWS }, { showError: false }),
    [id, page],
  );
  const d = res.data;
  const pages = d ? Math.ceil(d.Total / ROWS) : 0;
  return (
    <section className="guide-panel" aria-labelledby="gp-case">
      <h1 id="gp-case">{d ? `${d.name} · ${d.location}` : t('opac.guide.bookcase')}</h1>
      <Failure text={res.error} />
      {d && (
        <>
          <div className="guide-figures">
            <p>
              <span>{t('opac.guide.onShelf', { available: d.available })}</span>
              <strong>{d.available}</strong>
            </p>
            <p>
              <span>{t('opac.guide.total', { count: d.Total })}</span>
              <strong>{d.Total}</strong>
            </p>
          </div>
          <ul className="guide-copies">
            {d.List.map((c) => (
              <li key={c.id}>
                <strong>{c.title}</strong> <span className="guide-muted">{c.author}</span> · {c.callNo} ·{' '}
                <span className={onShelf(c) ? 'guide-ok' : ''}>{copyStatus(t, c)}</span>
                {c.dueDate && ` · ${t('opac.me.due', { date: c.dueDate })}`}
              </li>
            ))}
          </ul>
          {pages > 1 && (
            <div className="guide-pager">
              <button
                type="button"
                disabled={page <= 1}
                onClick={() => setParams({ id: String(id), page: String(page - 1) })}
              >
                {t('opac.pager.prev')}
              </button>
              <span>
                {page} / {pages}
              </span>
              <button
                type="button"
                disabled={page >= pages}
                onClick={() => setParams({ id: String(id), page: String(page + 1) })}
              >
                {t('opac.pager.next')}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
