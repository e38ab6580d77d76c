import type { OpacFacetName, OpacFacetValue, OpacFacets } from '@shuyuan/contracts/opac/search';
import { useTranslation } from 'react-i18next';

/** Facet name in the answer → filter key in the query. */
export const FACET_KEYS: Record<OpacFacetName, keyof OpacFacets> = {
  available: 'available',
  classLetter: 'classLetter',
  location: 'locationId',
  resourceType: 'resourceTypeId',
  author: 'author',
  year: 'year',
  language: 'language',
};
const ORDER: OpacFacetName[] = ['available', 'classLetter', 'location', 'resourceType', 'author', 'year', 'language'];

/** Refine by facets: each group a disclosure; a value is a toggle button (pressed = in use). */
export function Facets({
  facets,
  active,
  onToggle,
}: {
  facets: Record<OpacFacetName, OpacFacetValue[]>;
  active: OpacFacets;
  onToggle: (key: keyof OpacFacets, value: string | number | boolean | undefined) => void;
}) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const label = (name: OpacFacetName, v: OpacFacetValue): string => {
    if (name === 'available') return t('opac.facet.availableNow');
    if (name === 'classLetter') return `${v.value} ${t(`opac.clc.${v.value}`, '')}`.trim();
    if (name === 'location') return v.label || t('opac.facet.unknown');
    if (name === 'resourceType') return (en ? v.enLabel : v.label) || t('opac.facet.noType');
    if (name === 'language') return t(`opac.language.${v.value}`, String(v.value));
    return String(v.value);
  };
  return (
    <aside className="opac-facets" aria-label={t('opac.facet.label')}>
      {ORDER.filter((name) => facets[name]?.length).map((name) => {
        const key = FACET_KEYS[name];
        return (
          <details key={name} open>
            <summary>{t(`opac.facet.${name}`)}</summary>
            <ul>
              {facets[name].map((v) => {
                const value = name === 'resourceType' && v.value === null ? 0 : (v.value ?? undefined);
                const on = active[key] !== undefined && String(active[key]) === String(value);
                return (
                  <li key={String(v.value)}>
                    <button
                      type="button"
                      aria-pressed={on}
                      className={on ? 'opac-facet on' : 'opac-facet'}
                      onClick={() => onToggle(key, on ? undefined : (value as string | number | boolean))}
                    >
                      <span>{label(name, v)}</span>
                      <span className="opac-count">{v.count}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </details>
        );
      })}
    </aside>
  );
}
