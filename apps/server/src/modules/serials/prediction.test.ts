import { describe, expect, it } from 'vitest';
import {
  FREQUENCIES,
  formatIssueLabel,
  issuesPerYear,
  type NumberingPattern,
  type PredictedIssue,
  predictIssues,
} from './prediction';

/** Ten years 2024–2033: three leap years (2024, 2028, 2032), 3,653 days. */
const FROM = '2024-01-01';
const TO = '2033-12-31';
const YEARS = [2024, 2025, 2026, 2027, 2028, 2029, 2030, 2031, 2032, 2033];

function perYear(list: PredictedIssue[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const i of list) out[i.year] = (out[i.year] ?? 0) + 1;
  return out;
}

function every(n: number): Record<number, number> {
  return Object.fromEntries(YEARS.map((y) => [y, n]));
}

function tenYears(p: Partial<NumberingPattern> & Pick<NumberingPattern, 'frequency' | 'firstDate'>) {
  return predictIssues({ firstIssue: 1, ...p }, FROM, TO);
}

/** Within each year the issue numbers are 1..n without gaps; seq and the whole number go on across years. */
function expectContinuousNumbering(list: PredictedIssue[], firstWhole: number) {
  list.forEach((i, k) => {
    expect(i.seq).toBe(k + 1);
    expect(i.wholeNumber).toBe(firstWhole + k);
    const prev = list[k - 1];
    expect(i.issue).toBe(prev && prev.year === i.year ? prev.issue + 1 : 1);
  });
}

function dates(list: PredictedIssue[], year: number): string[] {
  return list.filter((i) => i.year === year).map((i) => i.date);
}

describe('presets', () => {
  it('lists every frequency with its usual yearly count', () => {
    expect(FREQUENCIES).toHaveLength(8);
    expect(issuesPerYear('weekly')).toBe(52);
    expect(issuesPerYear('tenDaily')).toBe(36);
    expect(issuesPerYear('semimonthly')).toBe(24);
    expect(issuesPerYear('monthly')).toBe(12);
    expect(issuesPerYear('bimonthly')).toBe(6);
    expect(issuesPerYear('quarterly')).toBe(4);
    expect(issuesPerYear('irregular')).toBeNull();
  });

  it('predicts nothing for irregular titles (checked in by hand)', () => {
    expect(tenYears({ frequency: 'irregular', firstDate: FROM })).toEqual([]);
  });
});

describe('daily', () => {
  it('publishes every day: 366 in leap years, 3,653 over ten years', () => {
    const list = tenYears({ frequency: 'daily', firstDate: FROM, firstWholeNumber: 1 });
    expect(list).toHaveLength(3653);
    expect(perYear(list)).toEqual({ ...every(365), 2024: 366, 2028: 366, 2032: 366 });
    expect(list.at(-1)).toMatchObject({ date: '2033-12-31', issue: 365, wholeNumber: 3653 });
    expect(list.find((i) => i.date === '2028-02-29')?.issue).toBe(60);
    expectContinuousNumbering(list, 1);
  });

  it('skips the weekdays that are not published (no Sunday paper)', () => {
    const list = tenYears({ frequency: 'daily', firstDate: FROM, skipDays: [0], firstWholeNumber: 1 });
    // A year loses its Sundays: 53 in 2028 (starts on Saturday, leap), 52 in every other year of the ten.
    expect(perYear(list)).toEqual({ ...every(313), 2024: 314, 2032: 314 });
    expect(list.some((i) => new Date(`${i.date}T00:00:00Z`).getUTCDay() === 0)).toBe(false);
    expect(dates(list, 2024).slice(5, 8)).toEqual(['2024-01-06', '2024-01-08', '2024-01-09']);
    expect(list.at(-1)).toMatchObject({ date: '2033-12-31', issue: 313 }); // a Saturday
    expectContinuousNumbering(list, 1);
  });

  it('publishes five days a week when Saturday and Sunday are skipped', () => {
    const list = tenYears({ frequency: 'daily', firstDate: FROM, skipDays: [6, 0] });
    expect(perYear(list)[2024]).toBe(262); // 366 days, 52 Saturdays, 52 Sundays
    expect(list.at(-1)?.date).toBe('2033-12-30'); // Friday: the 31st is a Saturday
  });
});

describe('weekly', () => {
  it('has 53 issues in years with 53 of its weekday', () => {
    // 2024-01-01 is a Monday. 53 Mondays: 2024 (starts on Monday) and 2029 (starts on Monday).
    const list = tenYears({ frequency: 'weekly', firstDate: FROM, firstWholeNumber: 1000 });
    expect(perYear(list)).toEqual({ ...every(52), 2024: 53, 2029: 53 });
    expect(list).toHaveLength(522);
    expect(list[0]).toMatchObject({ date: '2024-01-01', issue: 1 });
    expect(list.find((i) => i.year === 2024 && i.issue === 53)?.date).toBe('2024-12-30');
    expect(list.find((i) => i.year === 2025 && i.issue === 1)?.date).toBe('2025-01-06');
    expect(list.at(-1)).toMatchObject({ date: '2033-12-26', issue: 52, wholeNumber: 1521 });
    expectContinuousNumbering(list, 1000);
  });

  it('caps a year at the overridden count (a weekly with 50 issues)', () => {
    const list = tenYears({ frequency: 'weekly', firstDate: FROM, issuesPerYear: 50, firstWholeNumber: 1 });
    expect(perYear(list)).toEqual(every(50));
    expect(dates(list, 2024).at(-1)).toBe('2024-12-09');
    expect(dates(list, 2025)[0]).toBe('2025-01-06');
    expectContinuousNumbering(list, 1);
  });
});

describe('tenDaily (旬刊)', () => {
  it('publishes on the 1st, 11th and 21st: 36 a year', () => {
    const list = tenYears({ frequency: 'tenDaily', firstDate: FROM, firstWholeNumber: 1 });
    expect(perYear(list)).toEqual(every(36));
    expect(dates(list, 2028).slice(3, 6)).toEqual(['2028-02-01', '2028-02-11', '2028-02-21']);
    expect(list.at(-1)).toMatchObject({ date: '2033-12-21', issue: 36, wholeNumber: 360 });
    expectContinuousNumbering(list, 1);
  });

  it('keeps a later anchor day and clamps it to February', () => {
    const list = tenYears({ frequency: 'tenDaily', firstDate: '2024-01-10' });
    expect(dates(list, 2024).slice(3, 7)).toEqual(['2024-02-10', '2024-02-20', '2024-02-29', '2024-03-10']);
    expect(dates(list, 2025).slice(5, 7)).toEqual(['2025-02-28', '2025-03-10']);
    expect(perYear(list)).toEqual(every(36));
  });

  it('starts mid-month from the first date', () => {
    const list = predictIssues({ frequency: 'tenDaily', firstDate: '2024-02-11', firstIssue: 5 }, FROM, '2024-03-11');
    expect(list.map((i) => [i.date, i.issue])).toEqual([
      ['2024-02-11', 5],
      ['2024-02-21', 6],
      ['2024-03-01', 7],
      ['2024-03-11', 8],
    ]);
  });
});

describe('semimonthly (半月刊)', () => {
  it('publishes on the 1st and 16th: 24 a year', () => {
    const list = tenYears({ frequency: 'semimonthly', firstDate: FROM, firstWholeNumber: 1 });
    expect(perYear(list)).toEqual(every(24));
    expect(dates(list, 2024).slice(0, 4)).toEqual(['2024-01-01', '2024-01-16', '2024-02-01', '2024-02-16']);
    expect(list.at(-1)).toMatchObject({ date: '2033-12-16', issue: 24, wholeNumber: 240 });
    expectContinuousNumbering(list, 1);
  });

  it('clamps the second issue of February for a 15th/30th title', () => {
    const list = tenYears({ frequency: 'semimonthly', firstDate: '2024-01-15' });
    expect(dates(list, 2024).slice(2, 5)).toEqual(['2024-02-15', '2024-02-29', '2024-03-15']);
    expect(dates(list, 2033).slice(2, 4)).toEqual(['2033-02-15', '2033-02-28']);
    expect(perYear(list)).toEqual(every(24));
  });
});

describe('monthly', () => {
  it('publishes 12 a year with volumes per year and whole numbers going on', () => {
    const list = tenYears({ frequency: 'monthly', firstDate: '2024-01-10', firstVolume: 30, firstWholeNumber: 301 });
    expect(perYear(list)).toEqual(every(12));
    expect(list[0]).toMatchObject({ date: '2024-01-10', year: 2024, volume: 30, issue: 1, wholeNumber: 301 });
    expect(list[11]).toMatchObject({ date: '2024-12-10', volume: 30, issue: 12, wholeNumber: 312 });
    expect(list[12]).toMatchObject({ date: '2025-01-10', volume: 31, issue: 1, wholeNumber: 313 });
    expect(list.at(-1)).toMatchObject({ date: '2033-12-10', volume: 39, issue: 12, wholeNumber: 420 });
    for (const y of YEARS)
      expect(new Set(list.filter((i) => i.year === y).map((i) => i.volume))).toEqual(new Set([y - 1994]));
    expectContinuousNumbering(list, 301);
  });

  it('clamps the 31st to the month end and comes back to the 31st', () => {
    const list = tenYears({ frequency: 'monthly', firstDate: '2024-01-31' });
    expect(dates(list, 2024)).toEqual([
      '2024-01-31',
      '2024-02-29',
      '2024-03-31',
      '2024-04-30',
      '2024-05-31',
      '2024-06-30',
      '2024-07-31',
      '2024-08-31',
      '2024-09-30',
      '2024-10-31',
      '2024-11-30',
      '2024-12-31',
    ]);
    expect(dates(list, 2025)[1]).toBe('2025-02-28');
    expect(dates(list, 2028)[1]).toBe('2028-02-29');
    expect(dates(list, 2032)[1]).toBe('2032-02-29');
    expect(list.at(-1)?.date).toBe('2033-12-31');
    expect(perYear(list)).toEqual(every(12));
  });

  it('keeps a leap day title on the 29th, on the 28th in common years', () => {
    const list = tenYears({ frequency: 'monthly', firstDate: '2024-02-29' });
    expect(dates(list, 2024).slice(0, 2)).toEqual(['2024-02-29', '2024-03-29']);
    expect(dates(list, 2025)[1]).toBe('2025-02-28');
    expect(perYear(list)).toEqual({ ...every(12), 2024: 11 });
  });

  it('starts a subscription mid-year at its issue number, then restarts at 1', () => {
    const list = tenYears({
      frequency: 'monthly',
      firstDate: '2024-07-05',
      firstIssue: 7,
      firstVolume: 3,
      volumePerYear: false,
    });
    expect(list.filter((i) => i.year === 2024).map((i) => i.issue)).toEqual([7, 8, 9, 10, 11, 12]);
    expect(list[6]).toMatchObject({ date: '2025-01-05', issue: 1, volume: 3 });
    expect(list.at(-1)).toMatchObject({ volume: 3, wholeNumber: null });
  });
});

describe('bimonthly and quarterly', () => {
  it('bimonthly: 6 a year, every second month', () => {
    const list = tenYears({ frequency: 'bimonthly', firstDate: '2024-02-29', firstWholeNumber: 1 });
    expect(perYear(list)).toEqual(every(6));
    expect(dates(list, 2024)).toEqual([
      '2024-02-29',
      '2024-04-29',
      '2024-06-29',
      '2024-08-29',
      '2024-10-29',
      '2024-12-29',
    ]);
    expect(dates(list, 2025)[0]).toBe('2025-02-28');
    expect(list.at(-1)).toMatchObject({ date: '2033-12-29', issue: 6, wholeNumber: 60 });
    expectContinuousNumbering(list, 1);
  });

  it('quarterly: 4 a year at quarter ends', () => {
    const list = tenYears({ frequency: 'quarterly', firstDate: '2024-03-31', firstVolume: 1, firstWholeNumber: 1 });
    expect(perYear(list)).toEqual(every(4));
    expect(dates(list, 2027)).toEqual(['2027-03-31', '2027-06-30', '2027-09-30', '2027-12-31']);
    expect(list.at(-1)).toMatchObject({ date: '2033-12-31', volume: 10, issue: 4, wholeNumber: 40 });
    expectContinuousNumbering(list, 1);
  });
});

describe('windows and input', () => {
  const pattern: NumberingPattern = {
    frequency: 'weekly',
    firstDate: '2024-01-01',
    firstIssue: 1,
    firstWholeNumber: 1,
  };

  it('numbers a window exactly as the whole run does', () => {
    const all = predictIssues(pattern, FROM, TO);
    const window = predictIssues(pattern, '2030-03-01', '2030-03-31');
    expect(window).toEqual(all.filter((i) => i.date >= '2030-03-01' && i.date <= '2030-03-31'));
    expect(window.map((i) => i.date)).toEqual(['2030-03-04', '2030-03-11', '2030-03-18', '2030-03-25']);
  });

  it('predicts nothing before the first date or for an empty window', () => {
    expect(predictIssues(pattern, '2023-01-01', '2023-12-31')).toEqual([]);
    expect(predictIssues(pattern, '2025-02-01', '2025-01-01')).toEqual([]);
  });

  it('rejects dates that do not exist', () => {
    expect(() => predictIssues({ ...pattern, firstDate: '2025-02-29' }, FROM, TO)).toThrow(RangeError);
    expect(() => predictIssues(pattern, '2025-1-1', TO)).toThrow(RangeError);
  });

  it('labels issues in Chinese and English', () => {
    const numbers = { year: 2027, volume: null, issue: 3, wholeNumber: 123 };
    expect(formatIssueLabel(numbers, 'zh')).toBe('2027年第3期 (总第123期)');
    expect(formatIssueLabel(numbers, 'en')).toBe('2027 no. 3 (whole no. 123)');
    expect(formatIssueLabel({ ...numbers, volume: 5, wholeNumber: null }, 'en')).toBe('2027 vol. 5 no. 3');
  });
});
