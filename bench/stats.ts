/** Percentiles and the one-line figure format every benchmark prints. */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export function summarize(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  return { n: s.length, p50: percentile(s, 50), p95: percentile(s, 95), max: s[s.length - 1] };
}

/** Prints `name: value unit (budget < B unit, ratio R)`; ratio < 1 is within budget for "less is better". */
export function report(
  name: string,
  value: number,
  unit: string,
  budget: number,
  better: 'lower' | 'higher' = 'lower',
) {
  const ratio = better === 'lower' ? value / budget : budget / value;
  const ok = ratio <= 1 ? 'OK' : 'OVER BUDGET';
  const cmp = better === 'lower' ? '<' : '≥';
  console.log(
    `${name.padEnd(52)} ${value.toFixed(unit === 'ms' ? 2 : 1).padStart(10)} ${unit.padEnd(6)} budget ${cmp} ${budget} ${unit}  ratio ${ratio.toFixed(2)}  ${ok}`,
  );
  return { name, value, unit, budget, ratio, ok: ratio <= 1 };
}
