import type { OpacCopy } from '@shuyuan/contracts/opac/search';
import type { TFunction } from 'i18next';

/** Whether a copy lends now (on the shelf, circulation store). */
export const onShelf = (c: Pick<OpacCopy, 'circState' | 'storeType'>) =>
  c.circState === 'available' && c.storeType === 2;

/** What a reader reads about a copy: its store when it does not circulate, else its circulation state. */
export function copyStatus(t: TFunction, c: Pick<OpacCopy, 'circState' | 'storeType'>): string {
  if (c.storeType !== 2 && c.circState === 'available')
    return t(`opac.store.${c.storeType}`, t('opac.state.notForLoan'));
  return t(`opac.state.${c.circState}`, c.circState);
}

/** The path of a record's page. */
export const recordPath = (id: number) => `/search/book/details?id=${id}`;
