import type { ComponentType } from 'react';
import { lazy } from '../../app/lazy-page.ts';
import type { PageDef } from '../../app/pages.ts';

const screen = (name: string) =>
  lazy(() => import('./screens.tsx').then((m) => ({ default: m[name as keyof typeof m] as ComponentType })));

/** Printing (spec §2 Printing, /print, /barcode-prepriting-view): labels, cards, pre-printing, templates, rules. */
export const pages: PageDef[] = [
  {
    path: '/callnumprint',
    component: lazy(() => import('./callnumprint.page.tsx')),
    titleKey: 'printing.pages.callnumCommon',
    noTab: true,
    keepAlive: false,
  },
  { path: '/callnumprint/common', component: screen('CallnumCommon'), titleKey: 'printing.pages.callnumCommon' },
  { path: '/callnumprint/plugin', component: screen('CallnumPlugin'), titleKey: 'printing.pages.callnumPlugin' },
  { path: '/callnum-preprint', component: screen('CallnumPreprint'), titleKey: 'printing.pages.callnumPreprint' },
  { path: '/callnum-offprint', component: screen('CallnumOffprint'), titleKey: 'printing.pages.callnumOffprint' },
  { path: '/callnum-pltplot', component: screen('CallnumPltplot'), titleKey: 'printing.pages.callnumPltplot' },
  { path: '/barcodeprint', component: screen('Barcodeprint'), titleKey: 'printing.pages.barcodeprint' },
  { path: '/barcodeprint2', component: screen('Barcodeprint2'), titleKey: 'printing.pages.barcodeprint2' },
  { path: '/barcode-prepriting', component: screen('Prepriting'), titleKey: 'printing.pages.prepriting' },
  { path: '/barcode-prepriting2', component: screen('Prepriting2'), titleKey: 'printing.pages.prepriting2' },
  { path: '/barcode-offprint', component: screen('BarcodeOffprint'), titleKey: 'printing.pages.barcodeOffprint' },
  { path: '/barcode-pltplot', component: screen('BarcodePltplot'), titleKey: 'printing.pages.barcodePltplot' },
  { path: '/userprint', component: screen('Userprint'), titleKey: 'printing.pages.userprint' },
  { path: '/print', component: screen('LabelPrint'), titleKey: 'printing.pages.print' },
];
