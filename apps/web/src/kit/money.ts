/**
 * Money: integer fen on the wire, yuan with 2 decimals on screen. A module of its own (not convert.ts, which holds
 * zod's locales): the desks only format money, and do not download zod's messages for it.
 */
export const fenToYuan = (fen: unknown): number | undefined =>
  typeof fen === 'number' && Number.isFinite(fen) ? fen / 100 : undefined;
export const yuanToFen = (yuan: unknown): number | null =>
  typeof yuan === 'number' && Number.isFinite(yuan) ? Math.round(yuan * 100) : null;
export const formatMoney = (fen: unknown): string => {
  const y = fenToYuan(fen);
  return y === undefined ? '' : y.toFixed(2);
};
