import { lazy } from '../../app/lazy-page.ts';
import type { PageDef } from '../../app/pages.ts';

/** Collection operations (issue 3 §1): bulk edits, transfers, labels, positioning, lookups, access rules. */
export const pages: PageDef[] = [
  ['/bulk-editing', () => import('./bulk-edit.page.tsx'), 'bulkEdit'],
  ['/batchcondition', () => import('./condition.page.tsx'), 'condition'],
  ['/batchdata', () => import('./batch-data.page.tsx'), 'batchData'],
  ['/delete-records-bulk', () => import('./bulk-delete.page.tsx'), 'bulkDelete'],
  ['/newbook-duplicate-check', () => import('./duplicate.page.tsx'), 'duplicate'],
  ['/isbn-reporting', () => import('./isbn.page.tsx'), 'isbn'],
  ['/callnumber-search', () => import('./callnumber.page.tsx'), 'callNumber'],
  ['/allocation', () => import('./allocation.page.tsx'), 'allocation'],
  ['/allocation-scan', () => import('./allocation-scan.page.tsx'), 'allocationScan'],
  ['/allocation-record', () => import('./allocation-record.page.tsx'), 'allocationRecord'],
  ['/label-transfer', () => import('./label.page.tsx'), 'label'],
  ['/book-positioning', () => import('./positioning.page.tsx'), 'positioning'],
  ['/resource-mana/basic-set/resource-auth', () => import('./resource-auth.page.tsx'), 'resourceAuth'],
  ['/batchpsw', () => import('./batchpsw.page.tsx'), 'password'],
].map(([path, load, key]) => ({
  path: path as string,
  component: lazy(load as () => Promise<{ default: React.ComponentType }>),
  titleKey: `holdings.pages.${key as string}`,
}));
