import { ApiError } from '../../app/http.ts';

/**
 * Desk feedback: a short high beep when a scan succeeds, a low double buzz when it is refused, so the
 * librarian notices a refusal without looking at the screen. Silent where audio is unavailable.
 */
let ctx: AudioContext | null = null;

function tone(freq: number, start: number, ms: number): void {
  if (!ctx) return;
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.frequency.value = freq;
  osc.type = 'square';
  gain.gain.value = 0.05;
  osc.connect(gain).connect(ctx.destination);
  osc.start(ctx.currentTime + start);
  osc.stop(ctx.currentTime + start + ms / 1000);
}

export function beep(ok: boolean): void {
  try {
    ctx ??= new AudioContext();
    if (ok) tone(1320, 0, 80);
    else {
      tone(220, 0, 140);
      tone(220, 0.2, 140);
    }
  } catch {
    // No audio device: visual feedback only.
  }
}

/** The server's refusal text (already in the user's language), or the error's own text. */
export function errorText(e: unknown): string {
  if (e instanceof ApiError) return e.msg || e.errorCode;
  return e instanceof Error ? e.message : String(e);
}

export const errorCodeOf = (e: unknown): string => (e instanceof ApiError ? e.errorCode : '');

/** Saves rows as a CSV file Excel opens in Chinese too (UTF-8 with BOM). */
export function saveCsv(fileName: string, header: string[], rows: (string | number | null | undefined)[][]): void {
  const cell = (v: string | number | null | undefined) => {
    const s = v == null ? '' : String(v);
    return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const text = [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n');
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([`\uFEFF${text}`], { type: 'text/csv;charset=utf-8' }));
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}
