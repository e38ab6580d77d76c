import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { copyStatus, onShelf } from '../labels.ts';
import { opacApi } from '../opac-api.ts';
import { Failure } from '../parts/Notice.tsx';
import { useLoad } from '../use-load.ts';

const ROWS = 8;
const KEYS = ['1234567890', 'QWERTYUIOP', 'ASDFGHJKL', 'ZXCVBNM'];

/** Letters and digits for a touch screen with no keyboard (pinyin initials find Chinese titles). */
export function Keyboard({ onKey }: { onKey: (k: string) => void }) {
  const { t } = useTranslation();
  return (
    <div className="guide-keyboard" role="group" aria-label={t('opac.guide.keyboard')}>
      {KEYS.map((row) => (
        <div key={row} className="guide-keys">
          {[...row].map((k) => (
            <button key={k} type="button" onClick={() => onKey(k.toLowerCase())}>
              {k}
            </button>
          ))}
        </div>
      ))}
      <div className="guide-keys">
        <button type="button" className="wide" onClick={() => onKey('clear')}>
          {t('opac.guide.clear')}
        </button>
        <button type="button" className="wide" onClick={() => onKey(' ')}>
          {t('opac.guide.space')}
        </button>
        <button type="button" className="wide" aria-label={t('opac.guide.backspace')} onClick={() => onKey('back')}>
          ⌫
        </button>
      </div>
    </div>
  );
}

/** One record on the screen: its description and where each copy stands (never a borrower). */
function Record({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const res = useLoad(() => Promise.all([opacApi.detail(id), opacApi.copies(id)]), [id]);
  const [r, copies] = res.data ?? [];
  return (
    <section className="guide-record" aria-labelledby="guide-record-title">
      <button type="button" className="guide-back" onClick={onClose}>
        {t('opac.guide.backToResults')}
      </button>
      <Failure text={res.error} />
      {r && (
        <>
          <h2 id="guide-record-title">{r.title}</h2>
          <p className="guide-muted">{[r.author, r.publisher, r.pubYear].filter(Boolean).join(' · ')}</p>
          <ul className="guide-copies">
            {copies?.map((c) => (
              <li key={c.id}>
                <strong>{c.callNo}</strong> · {c.location?.name ?? c.branch}
                {c.shelf && ` · ${c.shelf.shelf} ${c.shelf.position}`} ·{' '}
                <span className={onShelf(c) ? 'guide-ok' : ''}>{copyStatus(t, c)}</span>
                {c.dueDate && ` · ${t('opac.me.due', { date: c.dueDate })}`}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/**
 * /guidescreen/search: a big search box typed on the screen's own keyboard, class buttons (中图法 top classes),
 * results in large print; a tapped result shows its copies and where they stand.
 */
export function GuideSearch() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const cls = params.get('class') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const id = Number(params.get('id')) || 0;
  const [text, setText] = useState(q);
  const classes = useLoad(() => opacApi.classify(), []);
  const res = useLoad(
    () =>
      q || cls
        ? opacApi.search({ SearchKey: q, facets: cls ? { classLetter: cls } : {}, Page: page, Rows: ROWS })
        : Promise.resolve(null),
    [q, cls, page],
  );
  const set = (next: Record<string, string>) => {
    const p = { ...Object.fromEntries(params), ...next };
    for (const k of Object.keys(p)) if (!p[k]) delete p[k];
    setParams(p);
  };
  const key = (k: string) => {
    if (k === 'clear') setText('');
    else if (k === 'back') setText((s) => s.slice(0, -1));
    else setText((s) => (s + k).slice(0, 100));
  };
  const pages = res.data ? Math.ceil(res.data.Total / ROWS) : 0;
  return (
    <section className="guide-panel guide-search" aria-labelledby="guide-search-title">
      <h1 id="guide-search-title">{t('opac.guide.search')}</h1>
      <form
        role="search"
        className="guide-searchbox"
        onSubmit={(e) => {
          e.preventDefault();
          set({ q: text.trim(), page: '1', id: '' });
        }}
      >
        <label className="opac-sr" htmlFor="guide-q">
          {t('opac.guide.searchLabel')}
        </label>
        <input
          id="guide-q"
          value={text}
          inputMode="none"
          autoComplete="off"
          placeholder={t('opac.guide.placeholder')}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit">{t('opac.guide.go')}</button>
      </form>
      <Keyboard onKey={key} />
      <div className="guide-classes" role="group" aria-label={t('opac.guide.classes')}>
        {classes.data
          ?.filter((c) => c.count > 0)
          .map((c) => (
            <button
              key={c.code}
              type="button"
              aria-pressed={cls === c.code}
              className={cls === c.code ? 'on' : ''}
              onClick={() => set({ class: cls === c.code ? '' : c.code, page: '1', id: '' })}
            >
              {c.code} {c.name}
            </button>
          ))}
      </div>
      <Failure text={res.error} />
      {id ? (
        <Record id={id} onClose={() => set({ id: '' })} />
      ) : (
        res.data && (
          <div className="guide-results" aria-live="polite">
            <p>{t('opac.guide.found', { count: res.data.Total })}</p>
            <ul>
              {res.data.List.map((h) => (
                <li key={h.id}>
                  <button type="button" onClick={() => set({ id: String(h.id) })}>
                    <strong>{h.title}</strong>
                    <span className="guide-muted">{[h.author, h.publisher].filter(Boolean).join(' · ')}</span>
                    <span className={h.available ? 'guide-ok' : 'guide-muted'}>
                      {t('opac.hit.available', { available: h.available, copies: h.copies })}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            {pages > 1 && (
              <div className="guide-pager">
                <button type="button" disabled={page <= 1} onClick={() => set({ page: String(page - 1) })}>
                  {t('opac.pager.prev')}
                </button>
                <span>
                  {page} / {pages}
                </span>
                <button type="button" disabled={page >= pages} onClick={() => set({ page: String(page + 1) })}>
                  {t('opac.pager.next')}
                </button>
              </div>
            )}
          </div>
        )
      )}
    </section>
  );
}
