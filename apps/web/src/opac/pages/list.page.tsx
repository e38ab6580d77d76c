import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { opacApi } from '../opac-api.ts';
import { HitList, Pager } from '../parts/HitList.tsx';
import { useLoad, useTitle } from '../use-load.ts';
import { Failure } from '../parts/Notice.tsx';

const ROWS = 20;

/** /search/recentnewbook (newest catalogued first) and /search/recommend (staff picks, suggestions that arrived). */
export default function ListPage({ kind }: { kind: 'new' | 'recommend' }) {
  const { t } = useTranslation();
  const title = t(kind === 'new' ? 'opac.nav.newBooks' : 'opac.nav.recommend');
  useTitle(title);
  const [page, setPage] = useState(1);
  const res = useLoad(
    () => (kind === 'new' ? opacApi.search({ sort: 'new', Page: page, Rows: ROWS }) : opacApi.recommend(page, ROWS)),
    [kind, page],
  );
  return (
    <div>
      <h1>{title}</h1>
      <Failure text={res.error} />
      {res.data && res.data.Total === 0 && <p className="opac-empty">{t('opac.search.none')}</p>}
      {res.data && <HitList hits={res.data.List} />}
      {res.data && <Pager page={page} rows={ROWS} total={res.data.Total} onPage={setPage} />}
    </div>
  );
}
