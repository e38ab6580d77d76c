import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Failure } from '../parts/Notice.tsx';
import { useLoad, useTitle } from '../use-load.ts';
import { bookListsApi } from './booklists-api.ts';
import { BooksTable, ListMeta } from './books-table.tsx';

/** /search/booklist: the library's published book lists. */
export function BookListsPage() {
  const { t } = useTranslation();
  useTitle(t('opac.booklists.heading'));
  const res = useLoad(() => bookListsApi.lists(), []);
  return (
    <div>
      <h1>{t('opac.booklists.heading')}</h1>
      <Failure text={res.error} />
      {res.data?.length === 0 && <p className="opac-empty">{t('opac.booklists.none')}</p>}
      <ul className="opac-news">
        {res.data?.map((l) => (
          <li key={l.id} className="opac-news-item">
            <div>
              <h2>
                <Link to={`/search/booklist/details?id=${l.id}`}>{l.name}</Link>
              </h2>
              <ListMeta list={l} />
              {l.description && <p>{l.description}</p>}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** /search/booklist/details?id=: one published list with each book's availability. */
export function BookListDetailsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const res = useLoad(() => bookListsApi.list(id), [id]);
  useTitle(res.data?.name ?? t('opac.booklists.heading'));
  return (
    <div>
      <p>
        <Link to="/search/booklist">{t('opac.booklists.back')}</Link>
      </p>
      <Failure text={res.error} />
      {res.data && (
        <>
          <h1>{res.data.name}</h1>
          <ListMeta list={res.data} />
          {res.data.description && <p>{res.data.description}</p>}
          <BooksTable list={res.data} />
        </>
      )}
    </div>
  );
}

/** The personal area's tab: published lists for the reader's grade and for every grade. */
export function MyBookLists() {
  const { t } = useTranslation();
  const res = useLoad(() => bookListsApi.mine(), []);
  return (
    <section aria-labelledby="me-booklists">
      <h2 id="me-booklists">{t('opac.me.tab.booklists')}</h2>
      <Failure text={res.error} />
      {res.data?.length === 0 && <p className="opac-empty">{t('opac.booklists.none')}</p>}
      {res.data?.map((l) => (
        <div key={l.id}>
          <h3>{l.name}</h3>
          <ListMeta list={l} />
          <BooksTable list={l} />
        </div>
      ))}
    </section>
  );
}
