import { Card, Empty, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Facet, FacetKey, Facets } from './types.ts';

/** The filter each facet sets in RecordSearchQuery.facets (location answers ids, filters by locationId). */
export const FACET_FILTER: Record<FacetKey, string> = {
  language: 'language',
  classLetter: 'classLetter',
  year: 'year',
  resourceType: 'resourceTypeId',
  location: 'locationId',
  state: 'state',
};
const ORDER: FacetKey[] = ['language', 'classLetter', 'year', 'resourceType', 'location', 'state'];

interface Props {
  facets?: Facets;
  picked: Record<string, unknown>;
  locationName: (id: number) => string;
  typeName?: (id: number) => string;
  onPick: (filter: string, value: unknown) => void;
}

/** Facet column (spec §6 分面): click a value to filter, click it again to drop the filter; counts shown. */
export function FacetColumn({ facets, picked, locationName, typeName, onPick }: Props) {
  const { t, i18n } = useTranslation();
  const label = (key: FacetKey, f: Facet) => {
    if (f.value == null || f.value === '') return t('catalogue.facet.none');
    if (key === 'location') return locationName(Number(f.value));
    if (key === 'resourceType') return typeName ? typeName(Number(f.value)) : String(f.value);
    if (key === 'state') return t(`catalogue.state.${f.value}`);
    if (key === 'language' && i18n.exists(`catalogue.lang.${f.value}`)) return t(`catalogue.lang.${f.value}`);
    return String(f.value);
  };
  return (
    <div className="sy-catalogue-facets" style={{ width: 220, flex: 'none' }}>
      {ORDER.map((key) => {
        const list = (facets?.[key] ?? []).filter((f) => f.value != null && f.value !== '');
        const filter = FACET_FILTER[key];
        return (
          <Card key={key} size="small" title={t(`catalogue.facet.${key}`)} style={{ marginBottom: 8 }}>
            {list.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} style={{ margin: 0 }} />}
            {list.map((f) => {
              const on = picked[filter] != null && String(picked[filter]) === String(f.value);
              return (
                <Tag.CheckableTag
                  key={String(f.value)}
                  checked={on}
                  data-facet={`${key}:${f.value}`}
                  onChange={() => onPick(filter, on ? undefined : f.value)}
                  style={{ marginBottom: 4 }}
                >
                  {label(key, f)} ({f.count})
                </Tag.CheckableTag>
              );
            })}
          </Card>
        );
      })}
    </div>
  );
}
