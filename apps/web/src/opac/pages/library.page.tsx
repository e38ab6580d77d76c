import { useTranslation } from 'react-i18next';
import { bulletinApi } from '../bulletin-api.ts';
import { Failure } from '../parts/Notice.tsx';
import { day, RichText } from '../parts/RichText.tsx';
import { useLoad, useTitle } from '../use-load.ts';

/** /libraryinfo: the library introduction, opening hours, coming closed days, locations with maps, rules, pictures. */
export default function LibraryPage() {
  const { t, i18n } = useTranslation();
  const title = t('opac.library.title');
  useTitle(title);
  const res = useLoad(() => bulletinApi.library(), []);
  const d = res.data;
  const empty = d && !d.intro && !d.hours && !d.rules && !d.pictures.length && !d.locations.length;
  return (
    <div className="opac-article">
      <h1>{title}</h1>
      <Failure text={res.error} />
      {empty && <p className="opac-empty">{t('opac.library.none')}</p>}
      {d && (
        <>
          <RichText html={d.intro} />
          {d.hours && (
            <section aria-labelledby="lib-hours">
              <h2 id="lib-hours">{t('opac.library.hours')}</h2>
              <ul className="opac-plain">
                {d.hours
                  .split('\n')
                  .filter(Boolean)
                  .map((line) => (
                    <li key={line}>{line}</li>
                  ))}
              </ul>
            </section>
          )}
          {d.closedDays.length > 0 && (
            <section aria-labelledby="lib-closed">
              <h2 id="lib-closed">{t('opac.library.closed')}</h2>
              <p>{d.closedDays.map((x) => day(x, i18n.language)).join('、')}</p>
            </section>
          )}
          {d.locations.length > 0 && (
            <section aria-labelledby="lib-locations">
              <h2 id="lib-locations">{t('opac.library.locations')}</h2>
              <ul className="opac-cards">
                {d.locations.map((l) => (
                  <li key={l.id}>
                    <h3>{l.name}</h3>
                    {l.map && (
                      <img
                        className="opac-article-cover"
                        src={l.map}
                        alt={t('opac.library.map', { name: l.name })}
                        loading="lazy"
                      />
                    )}
                  </li>
                ))}
              </ul>
            </section>
          )}
          {d.rules && (
            <section aria-labelledby="lib-rules">
              <h2 id="lib-rules">{t('opac.library.rules')}</h2>
              <RichText html={d.rules} />
            </section>
          )}
          {d.pictures.length > 0 && (
            <section aria-labelledby="lib-pictures">
              <h2 id="lib-pictures">{t('opac.library.pictures')}</h2>
              <ul className="opac-gallery large">
                {d.pictures.map((src, i) => (
                  <li key={src}>
                    <img src={src} alt={`${title} ${i + 1}`} loading="lazy" />
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </div>
  );
}
