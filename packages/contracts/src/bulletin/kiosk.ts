import { z } from 'zod';
import type { SchoolBrief } from '../auth/user.ts';
import { PageQuery } from '../common/envelope.ts';
import { zRequired } from '../common/validators.ts';
import { ResourceListQuery } from '../kit/resource.ts';

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

// ——— Self-service bookcases (/smart_bookcase) ———

export const BOOKCASE_CODE = 'smart_bookcase';

export const BookcaseCreate = z.object({
  name: zRequired('bulletin.nameRequired', 100),
  locationId: z.number({ error: 'bulletin.locationRequired' }).int().positive('bulletin.locationRequired'),
  note: z.string().trim().max(500, 'validation.tooLong').default(''),
  /** 1 in service, 0 off (its screen says so). */
  state: z.coerce.number().int().min(0).max(1).default(1),
});
export type BookcaseCreate = z.infer<typeof BookcaseCreate>;
export const BookcaseUpdate = BookcaseCreate.extend({ id: z.number().int().positive() });
export const BookcaseListQuery = ResourceListQuery.extend({ state: z.coerce.number().int().min(0).max(1).optional() });

export interface BookcaseDto {
  id: number;
  name: string;
  locationId: number;
  locationName: string;
  note: string;
  state: number;
}

/** P/Search/GetBookcase: the bookcase screen — the public copies of its location and whether each lends now. */
export const BookcaseScreenQuery = PageQuery.extend({ id: z.coerce.number().int().positive() });
export interface BookcaseCopy {
  id: number;
  recordId: number;
  title: string;
  author: string;
  callNo: string;
  circState: string;
  storeType: number;
  dueDate: string | null;
}
export interface BookcaseScreen {
  name: string;
  location: string;
  available: number;
  List: BookcaseCopy[];
  Total: number;
}
