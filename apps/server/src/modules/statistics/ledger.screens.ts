import { CLC_PARTS } from '@shuyuan/contracts/statistics/clc';
import {
  type AccessionData,
  AccessionQuery,
  BatchRegisterQuery,
  type LedgerData,
  LedgerQuery,
  type RegisterCopyRow,
  type RegisterData,
  RegisterQuery,
  type RegisterTitleRow,
} from '@shuyuan/contracts/statistics/ledgers';
import { accessions, ledger } from './ledger.service.ts';
import { registerByCopy, registerByTitle } from './register.service.ts';
import type { Sheet, StatScreen } from './screens.ts';

const C = (k: string) => `statistics.col.${k}`;
const L = (k: string) => `statistics.ledger.${k}`;
const yuan = (fen: number | null) => (fen == null ? '' : (fen / 100).toFixed(2));
const PARTS = [...CLC_PARTS, ''] as const;

export function ledgerSheet(d: LedgerData, t: (k: string) => string): Sheet {
  const blank = PARTS.map(() => '');
  return {
    titleKey: 'statistics.screen.ledger',
    columns: [
      C('date'),
      L('kind'),
      C('batchNo'),
      L('source'),
      L('voucher'),
      C('titles'),
      L('inCopies'),
      L('inValue'),
      L('outCopies'),
      L('outValue'),
      ...PARTS.map((p) => (p ? `statistics.part.${p}` : 'statistics.none')),
      L('balanceCopies'),
      L('balanceValue'),
    ],
    rows: [
      [
        d.period.from,
        t(L('opening')),
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        ...blank,
        d.opening.copies,
        yuan(d.opening.valueFen),
      ],
      ...d.List.map((l) => {
        const added = l.kind === 'in';
        return [
          l.date,
          t(L(`kind.${l.kind}`)),
          l.batchNo,
          l.source,
          l.voucher,
          l.titles,
          added ? l.copies : '',
          added ? yuan(l.valueFen) : '',
          added ? '' : l.copies,
          added ? '' : yuan(l.valueFen),
          ...PARTS.map((p) => (added ? l.parts[p] : -l.parts[p]) || ''),
          l.balanceCopies,
          yuan(l.balanceValueFen),
        ];
      }),
      [
        d.period.to,
        t(C('total')),
        '',
        '',
        '',
        d.added.titles,
        d.added.copies,
        yuan(d.added.valueFen),
        d.removed.copies,
        yuan(d.removed.valueFen),
        ...PARTS.map((p) => d.added.parts[p] - d.removed.parts[p]),
        d.closing.copies,
        yuan(d.closing.valueFen),
      ],
    ],
  };
}

const removalText = (r: RegisterCopyRow['removal'], t: (k: string) => string) =>
  r ? `${r.date} ${t(L(`kind.${r.kind}`))} ${r.note}`.trim() : '';

type Bib = Pick<RegisterCopyRow, 'title' | 'author' | 'publisher' | 'pubYear' | 'isbn' | 'callNo' | 'priceFen'>;
/** The bibliographic columns of both registers: title, author, publisher, year, ISBN, call number, price. */
const BIB_COLUMNS = [C('title'), C('author'), L('publisher'), L('pubYear'), C('isbn'), C('callNo'), C('price')];
const bib = (r: Bib) => [r.title, r.author, r.publisher, r.pubYear, r.isbn, r.callNo, yuan(r.priceFen)];

function copySheet(code: string) {
  return (d: RegisterData<RegisterCopyRow>, t: (k: string) => string): Sheet[] => [
    {
      titleKey: `statistics.screen.${code}`,
      columns: [C('barcode'), C('acquiredAt'), ...BIB_COLUMNS, L('source'), C('batchNo'), C('location'), L('removal')],
      rows: d.List.map((r) => [
        r.barcode,
        r.date,
        ...bib(r),
        r.source,
        r.batchNo,
        r.locationName,
        removalText(r.removal, t),
      ]),
    },
  ];
}

function titleSheet(code: string) {
  return (d: RegisterData<RegisterTitleRow>): Sheet[] => [
    {
      titleKey: `statistics.screen.${code}`,
      columns: [...BIB_COLUMNS, C('copies'), C('value'), L('barcodes'), L('removed')],
      rows: d.List.map((r) => [...bib(r), r.copies, yuan(r.valueFen), r.barcodes, r.removed]),
    },
  ];
}

/** The ledger screens (/ledger, /store and the four individual registers); their routes come from STAT_SCREENS. */
export const LEDGER_SCREENS: StatScreen[] = [
  {
    code: 'ledger',
    action: 'Ledger',
    schema: LedgerQuery,
    run: (db, scope, q) => ledger(db, scope, q),
    sheets: (d: LedgerData, t) => [ledgerSheet(d, t)],
  },
  {
    code: 'store',
    action: 'Accessions',
    schema: AccessionQuery,
    run: (db, scope, q) => accessions(db, scope, q),
    sheets: (d: AccessionData, t) => [
      {
        titleKey: 'statistics.screen.store',
        columns: [
          C('date'),
          C('batchNo'),
          L('source'),
          L('bookseller'),
          L('voucher'),
          L('invoiceNo'),
          L('state'),
          C('titles'),
          C('copies'),
          C('value'),
          C('paid'),
          L('removed'),
        ],
        rows: [
          ...d.List.map((r) => [
            r.date,
            r.batchNo,
            r.source,
            r.bookseller,
            r.voucher,
            r.invoiceNo,
            r.state == null ? '' : t(L(`state${r.state}`)),
            r.titles,
            r.copies,
            yuan(r.valueFen),
            yuan(r.paidFen),
            r.removed,
          ]),
          [
            '',
            t(C('total')),
            '',
            '',
            '',
            '',
            '',
            d.total.titles,
            d.total.copies,
            yuan(d.total.valueFen),
            yuan(d.total.paidFen),
            d.total.removed,
          ],
        ],
      },
    ],
  },
  {
    code: 'singlebatch',
    action: 'SingleBatch',
    schema: BatchRegisterQuery,
    run: (db, scope, q) => registerByCopy(db, scope, q),
    sheets: copySheet('singlebatch'),
    paged: true,
  },
  {
    code: 'copybatch',
    action: 'CopyBatch',
    schema: BatchRegisterQuery,
    run: (db, scope, q) => registerByTitle(db, scope, q),
    sheets: titleSheet('copybatch'),
    paged: true,
  },
  {
    code: 'singlemultiple',
    action: 'SingleMultiple',
    schema: RegisterQuery,
    run: (db, scope, q) => registerByCopy(db, scope, q),
    sheets: copySheet('singlemultiple'),
    paged: true,
  },
  {
    code: 'copymultiple',
    action: 'CopyMultiple',
    schema: RegisterQuery,
    run: (db, scope, q) => registerByTitle(db, scope, q),
    sheets: titleSheet('copymultiple'),
    paged: true,
  },
];
