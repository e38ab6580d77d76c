import type { BookListDto } from '@shuyuan/contracts/booklists/booklist';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A list's books: title (the record page when the library holds it), author, level, note and availability. */
export function BooksTable({ list }: { list: BookListDto }) {
  const { t } = useTranslation();
  return (
    <div className="opac-scroll">
      <table className="opac-table opac-booklist" data-testid={`booklist-${list.id}`}>
        <caption>{t('opac.booklists.caption', { name: list.name })}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{t('opac.booklists.title')}</th>
            <th scope="col">{t('opac.booklists.author')}</th>
            <th scope="col">{t('opac.booklists.level')}</th>
            <th scope="col">{t('opac.booklists.availability')}</th>
            <th scope="col">{t('opac.booklists.note')}</th>
          </tr>
        </thead>
        <tbody>
          {list.entries.map((e, i) => (
            <tr key={e.id}>
              <td>{i + 1}</td>
              <td>{e.recordId ? <Link to={`/search/book/details?id=${e.recordId}`}>{e.title}</Link> : e.title}</td>
              <td>{e.author}</td>
              <td>{e.readingLevel}</td>
              <td>
                {!e.held ? (
                  <span className="opac-badge">{t('opac.booklists.notHeld')}</span>
                ) : (
                  <span className={e.available ? 'opac-badge ok' : 'opac-badge'}>
                    {t('opac.booklists.copies', { copies: e.copies, available: e.available })}
                  </span>
                )}
              </td>
              <td>{e.note}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The grades and theme a list is for. */
export function ListMeta({ list }: { list: BookListDto }) {
  const { t } = useTranslation();
  return (
    <p className="opac-muted">
      {list.gradeNames.length ? list.gradeNames.join('、') : t('opac.booklists.allGrades')}
      {list.theme && ` · ${list.theme}`} · {t('opac.booklists.books', { count: list.entryCount, held: list.heldCount })}
    </p>
  );
}
