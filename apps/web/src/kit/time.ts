import dayjs from 'dayjs';

/**
 * Event times (ISO timestamps from the server, in UTC) shown in the browser's local time. Slicing the ISO
 * string shows UTC — 8 hours off in China.
 */
export const fmtTime = (iso: string | null | undefined) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '');

/** The same to the minute, for tables: 'YYYY-MM-DD HH:mm'. */
export const fmtMinute = (iso: string | null | undefined) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '');

/** The local calendar day of an event time: 'YYYY-MM-DD'. */
export const fmtDay = (iso: string | null | undefined) => (iso ? dayjs(iso).format('YYYY-MM-DD') : '');
