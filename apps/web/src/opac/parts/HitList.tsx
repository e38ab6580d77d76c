import type { OpacHit } from '@shuyuan/contracts/opac/search';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { recordPath } from '../labels.ts';

/** Found records: title (link to the record), author, publisher and year, call number, copies on the shelf. */
export function HitList({ hits, compact }: { hits: OpacHit[]; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <ul className={compact ? 'opac-hits compact' : 'opac-hits'}>
      {hits.map((h) => (
        <li key={h.id} className="opac-hit">
          <div className="opac-cover" aria-hidden="true">
            {h.coverUrl ? <img src={h.coverUrl} alt="" loading="lazy" /> : <span>{h.title.slice(0, 2)}</span>}
          </div>
          <div className="opac-hit-body">
            <h3>
              <Link to={recordPath(h.id)}>{h.title}</Link>
            </h3>
            {h.author && <p className="opac-muted">{h.author}</p>}
            {!compact && (
              <p className="opac-muted">
                {[h.publisher, h.pubYear].filter(Boolean).join(' · ')}
                {h.classNo && (
                  <>
                    {' · '}
                    <span>
                      {t('opac.hit.callNo')} {h.bookNo ? `${h.classNo}/${h.bookNo}` : h.classNo}
                    </span>
                  </>
                )}
              </p>
            )}
            <p>
              <span className={h.available ? 'opac-badge ok' : 'opac-badge'}>
                {h.copies
                  ? t('opac.hit.available', { available: h.available, copies: h.copies })
                  : t('opac.hit.noCopies')}
              </span>
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Previous / next page, with where the reader is. */
export function Pager({
  page,
  rows,
  total,
  onPage,
}: {
  page: number;
  rows: number;
  total: number;
  onPage: (p: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / rows));
  if (pages <= 1) return null;
  return (
    <nav className="opac-pager" aria-label={t('opac.pager.label')}>
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('opac.pager.prev')}
      </button>
      <span aria-live="polite">{t('opac.pager.of', { page, pages })}</span>
      <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('opac.pager.next')}
      </button>
    </nav>
  );
}
