import type { OpacCopy, OpacRecordDetail } from '@shuyuan/contracts/opac/search';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { copyStatus, onShelf } from '../labels.ts';
import { opacApi } from '../opac-api.ts';
import { HitList } from '../parts/HitList.tsx';
import { ReserveButton } from '../parts/ReserveButton.tsx';
import { RecordReviews } from '../parts/Reviews.tsx';
import { useLoad, useTitle } from '../use-load.ts';

/** ISBD areas from the record's fields: title / responsibility. — edition. — place : publisher, year. — pages. — (series) */
function isbd(r: OpacRecordDetail): string {
  const areas = [
    [r.title, r.parallelTitle && `= ${r.parallelTitle}`].filter(Boolean).join(' ') +
      (r.responsibility || r.author ? ` / ${r.responsibility || r.author}` : ''),
    r.edition,
    [r.pubPlace, r.publisher && `${r.pubPlace ? ': ' : ''}${r.publisher}`, r.pubYear && `, ${r.pubYear}`]
      .filter(Boolean)
      .join(' '),
    r.pages ? `${r.pages}p.` : '',
    r.series ? `(${r.series})` : '',
  ].filter(Boolean);
  const tail = [r.isbn && `ISBN ${r.isbn}${r.price ? ` : CNY${r.price}` : ''}`].filter(Boolean);
  return [...areas, ...tail].join('. — ');
}

function Shelf({ c }: { c: OpacCopy }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const loc = c.location;
  if (!loc) return null;
  const where = c.shelf
    ? t('opac.copy.shelfAt', { shelf: c.shelf.shelf, face: c.shelf.face, layer: c.shelf.layer, column: c.shelf.column })
    : '';
  return (
    <>
      {where && <span className="opac-muted"> · {where}</span>}
      {loc.mapUrl && (
        <>
          {' '}
          <button type="button" className="opac-link-button" aria-expanded={open} onClick={() => setOpen(!open)}>
            {t('opac.copy.whereOnShelf')}
          </button>
          {open && (
            <figure className="opac-map">
              <div className="opac-map-frame">
                <img src={loc.mapUrl} alt={t('opac.copy.mapAlt', { location: loc.name })} />
                {loc.x != null && loc.y != null && (
                  <span className="opac-map-dot" style={{ left: `${loc.x}%`, top: `${loc.y}%` }} aria-hidden="true" />
                )}
              </div>
              <figcaption>
                {loc.name}
                {where && ` · ${where}`}
              </figcaption>
            </figure>
          )}
        </>
      )}
    </>
  );
}

function Copies({ id }: { id: number }) {
  const { t } = useTranslation();
  const copies = useLoad(() => opacApi.copies(id), [id]);
  if (copies.error) return <p className="opac-error">{copies.error}</p>;
  if (!copies.data) return null;
  if (!copies.data.length) return <p className="opac-empty">{t('opac.copy.none')}</p>;
  return (
    <ul className="opac-copies">
      {copies.data.map((c) => (
        <li key={c.id}>
          <p>
            <strong className={onShelf(c) ? 'opac-badge ok' : 'opac-badge'}>{copyStatus(t, c)}</strong>
            {c.dueDate && <span className="opac-muted"> · {t('opac.copy.dueOn', { date: c.dueDate })}</span>}
          </p>
          <p>
            {t('opac.hit.callNo')} <strong>{c.callNo || '—'}</strong>
            <span className="opac-muted">
              {' '}
              · {t('opac.copy.barcode')} {c.barcode}
            </span>
          </p>
          <p>
            {[c.branch, c.location?.name].filter(Boolean).join(' · ') || t('opac.facet.unknown')}
            <Shelf c={c} />
          </p>
        </li>
      ))}
    </ul>
  );
}

/** /search/book/details?id= (and /searchdetail): a record, its copies and where they stand, related books. */
export default function DetailsPage() {
  const { t } = useTranslation();
  const loc = useLocation();
  const id = Number(new URLSearchParams(loc.search).get('id'));
  const rec = useLoad(() => opacApi.detail(id), [id]);
  const [view, setView] = useState<'fields' | 'isbd' | 'marc'>('fields');
  const r = rec.data;
  useTitle(r?.title ?? t('opac.detail.title'));
  if (rec.error)
    return (
      <div>
        <h1>{t('opac.detail.title')}</h1>
        <p className="opac-error" role="alert">
          {rec.error}
        </p>
        <Link to="/search">{t('opac.detail.backToSearch')}</Link>
      </div>
    );
  if (!r) return <p role="status">{t('common.loading')}</p>;
  const rows: [string, string | number | null][] = [
    ['author', r.responsibility || r.author],
    ['publisher', [r.pubPlace, r.publisher, r.pubYear].filter(Boolean).join(' · ')],
    ['isbn', r.isbn || r.issn],
    ['classNo', r.bookNo ? `${r.classNo}/${r.bookNo}` : r.classNo],
    ['series', r.series],
    ['subjects', r.subjects.join('; ')],
    ['edition', r.edition],
    ['pages', r.pages],
    ['language', r.language && t(`opac.language.${r.language}`, r.language)],
    ['resourceType', r.resourceType],
    ['price', r.price],
  ];
  return (
    <article className="opac-detail">
      <div className="opac-detail-head">
        {r.coverUrl && (
          <img className="opac-detail-cover" src={r.coverUrl} alt={t('opac.detail.coverAlt', { title: r.title })} />
        )}
        <div>
          <h1>{r.title}</h1>
          {r.parallelTitle && <p className="opac-muted">{r.parallelTitle}</p>}
          <ReserveButton recordId={r.id} title={r.title} />
        </div>
      </div>
      <div className="opac-switch" role="group" aria-label={t('opac.detail.viewLabel')}>
        {(['fields', 'isbd', 'marc'] as const).map((v) => (
          <button key={v} type="button" aria-pressed={view === v} onClick={() => setView(v)}>
            {t(`opac.detail.view.${v}`)}
          </button>
        ))}
      </div>
      {view === 'fields' && (
        <dl className="opac-fields">
          {rows
            .filter(([, v]) => v !== null && v !== '' && v !== undefined)
            .map(([k, v]) => (
              <div key={k}>
                <dt>{t(`opac.detail.${k}`)}</dt>
                <dd>{v}</dd>
              </div>
            ))}
        </dl>
      )}
      {view === 'isbd' && <p className="opac-isbd">{isbd(r)}</p>}
      {view === 'marc' && (
        <pre className="opac-marc" tabIndex={0} aria-label={t('opac.detail.view.marc')}>
          {r.marc.map((f) => `${f.tag} ${f.ind ?? '  '} ${f.text}`).join('\n')}
        </pre>
      )}
      {r.summary && (
        <section aria-labelledby="opac-summary">
          <h2 id="opac-summary">{t('opac.detail.summary')}</h2>
          <p>{r.summary}</p>
        </section>
      )}
      <section aria-labelledby="opac-copies">
        <h2 id="opac-copies">{t('opac.copy.heading')}</h2>
        <Copies id={r.id} />
      </section>
      <RecordReviews recordId={r.id} />
      {r.byAuthor.length > 0 && (
        <section aria-labelledby="opac-by-author">
          <h2 id="opac-by-author">{t('opac.detail.byAuthor', { author: r.author })}</h2>
          <HitList hits={r.byAuthor} compact />
        </section>
      )}
      {r.sameClass.length > 0 && (
        <section aria-labelledby="opac-same-class">
          <h2 id="opac-same-class">{t('opac.detail.sameClass', { classNo: r.classNo })}</h2>
          <HitList hits={r.sameClass} compact />
        </section>
      )}
    </article>
  );
}
