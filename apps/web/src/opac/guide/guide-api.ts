import type { ChartRankData, ChartsQuery, LocationStaData } from '@shuyuan/contracts/statistics/charts';
import { P } from '@shuyuan/contracts/common/paths';
import { api } from '../../app/http.ts';

const M = '/micro/mobile/Charts';
const quiet = { showError: false };
type Q = Partial<ChartsQuery>;

/** The Charts figures a guide screen shows (school aggregates; readers' names come masked). */
export const chartsApi = {
  items: (q: Q) => api.post<ChartRankData>(`${M}/ItemBorrowRank`, q, quiet),
  grades: (q: Q) => api.post<ChartRankData>(`${M}/GradeBorrowRank`, q, quiet),
  classes: (q: Q) => api.post<ChartRankData>(`${M}/DeptBorrowRank`, q, quiet),
  readers: (q: Q) => api.post<ChartRankData>(`${M}/GradeUserBorrowRank`, q, quiet),
  locationLoans: (q: Q) => api.post<LocationStaData>(`${P}/Charts/GetLocationCircSta`, q, quiet),
};

/** Loans of a period: the sum over the locations. */
export async function loansOf(period: 'day' | 'month'): Promise<number> {
  const d = await chartsApi.locationLoans({ period, top: 100 });
  return d.List.reduce((n, r) => n + r.count, 0);
}
