/**
 * An event time (timestamptz / ISO string) written as the school reads it: 'YYYY-MM-DD HH:mm:ss' in the
 * school's time zone (school.time_zone, Asia/Shanghai by default). Used by the exports of reservations,
 * losses, the ledger and reminders, which printed UTC before.
 */
export function schoolTime(at: Date | string | null | undefined, timeZone: string): string {
  if (at == null || at === '') return '';
  const d = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(d.getTime())) return '';
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(d)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}
