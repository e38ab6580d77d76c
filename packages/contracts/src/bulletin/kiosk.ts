import type { SchoolBrief } from '../auth/user.ts';

/**
 * GET /micro/dc/open/library/apps/getcompanyhardwareappslist: the apps a school's kiosks and hall screens run,
 * with their settings. Called with the kiosk's device token (client-credentials grant: its school) or with the
 * schoolID header; it also tells a freshly set-up kiosk which school it belongs to.
 */
export interface KioskApp {
  /** The display route, e.g. 'guidescreen', 'newbook'. */
  code: string;
  name: string;
  /** Where the screen opens it: /library/opac.html#/<route>?school=<code>. */
  url: string;
  settings: { interval: number; idle: number };
}
export interface KioskApps {
  school: Pick<SchoolBrief, 'id' | 'code' | 'name' | 'enName'>;
  List: KioskApp[];
}

/** The guide-screen routes a kiosk may run (spec §2 guide-screen display routes that exist). */
export const KIOSK_APPS = [
  'guidescreen',
  'guidescreen/search',
  'newbook',
  'hotBook',
  'brstatistic',
  'schoolNews',
] as const;
