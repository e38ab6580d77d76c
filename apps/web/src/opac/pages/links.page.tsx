import { useTranslation } from 'react-i18next';
import { bulletinApi } from '../bulletin-api.ts';
import { Failure } from '../parts/Notice.tsx';
import { useLoad, useTitle } from '../use-load.ts';

/** /search/networkresource: the network resources (databases, digital libraries) the library links to. */
export default function LinksPage() {
  const { t } = useTranslation();
  const title = t('opac.links.title');
  useTitle(title);
  const res = useLoad(() => bulletinApi.links(), []);
  return (
    <div>
      <h1>{title}</h1>
      <Failure text={res.error} />
      {res.data && res.data.length === 0 && <p className="opac-empty">{t('opac.links.none')}</p>}
      {res.data && (
        <ul className="opac-cards opac-links">
          {res.data.map((l) => (
            <li key={l.id}>
              {l.logo && <img src={l.logo} alt="" width={48} height={48} />}
              <div>
                <h2>
                  <a href={l.url} target="_blank" rel="noopener noreferrer">
                    {l.name}
                  </a>
                </h2>
                {l.description && <p>{l.description}</p>}
                <p className="opac-muted opac-url">{l.url}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
