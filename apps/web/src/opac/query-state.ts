import {
  OPAC_FIELDS,
  OPAC_SORTS,
  type OpacFacets,
  type OpacField,
  type OpacSort,
} from '@shuyuan/contracts/opac/search';

/** The search in the address (shareable, back button works): q, field, sort, page and the facet filters. */
export interface SearchState {
  q: string;
  field: OpacField;
  sort: OpacSort;
  page: number;
  facets: OpacFacets;
}

const NUMBER_FACETS = new Set(['year', 'locationId', 'resourceTypeId']);

export function readState(search: string): SearchState {
  const p = new URLSearchParams(search);
  const field = p.get('field') as OpacField;
  const sort = p.get('sort') as OpacSort;
  const facets: Record<string, unknown> = {};
  for (const [k, v] of p) {
    if (!k.startsWith('f.')) continue;
    const key = k.slice(2);
    facets[key] = key === 'available' ? v === '1' : NUMBER_FACETS.has(key) ? Number(v) : v;
  }
  return {
    q: p.get('q') ?? '',
    field: OPAC_FIELDS.includes(field) ? field : 'any',
    sort: OPAC_SORTS.includes(sort) ? sort : 'relevance',
    page: Math.max(1, Number(p.get('page')) || 1),
    facets: facets as OpacFacets,
  };
}

export function writeState(s: SearchState): string {
  const p = new URLSearchParams();
  if (s.q) p.set('q', s.q);
  if (s.field !== 'any') p.set('field', s.field);
  if (s.sort !== 'relevance') p.set('sort', s.sort);
  if (s.page > 1) p.set('page', String(s.page));
  for (const [k, v] of Object.entries(s.facets)) {
    if (v === undefined || v === false) continue;
    p.set(`f.${k}`, v === true ? '1' : String(v));
  }
  return p.toString();
}

export const hasFilters = (s: SearchState) => Object.values(s.facets).some((v) => v !== undefined && v !== false);
