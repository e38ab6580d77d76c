import { z } from 'zod';
import { PageQuery } from '../common/envelope.ts';
import { zRequired } from '../common/validators.ts';
import { ResourceListQuery } from '../kit/resource.ts';

/**
 * What the library publishes for readers (issue 11): notices and news (/notice-list), library dynamics with
 * pictures (/dynamics-museum), new-book announcements (/newbook-announcement), network resources
 * (/external-links) and the library introduction. Rich text is sanitised on the server (bulletin/sanitize.ts).
 */

export const NOTICE_CODE = 'notice-list';
export const DYNAMIC_CODE = 'dynamics-museum';
export const ANNOUNCEMENT_CODE = 'newbook-announcement';
export const LINK_CODE = 'external-links';
/** The library introduction is edited on the public site's settings screen. */
export const LIBRARY_INFO_CODE = 'search-mana';

/** notice and news are kept on /notice-list; dynamic (library dynamics with pictures) on /dynamics-museum. */
export const BULLETIN_KINDS = ['notice', 'news', 'dynamic'] as const;
export type BulletinKind = (typeof BULLETIN_KINDS)[number];

/** An uploaded picture anyone may see (P/upload/post with a public category, e.g. `picture`). */
export const zPublicImage = z
  .string()
  .max(500)
  .refine((v) => /^\/files\/uploads\/\d+\/public\//.test(v), 'bulletin.badImage');

const RICH_MAX = 200_000;

export const BulletinCreate = z.object({
  kind: z.enum(BULLETIN_KINDS).default('notice'),
  title: zRequired('bulletin.titleRequired', 120),
  /** HTML; sanitised when saved. */
  content: z.string().max(RICH_MAX, 'validation.tooLong').default(''),
  cover: z
    .union([z.literal(''), zPublicImage])
    .nullish()
    .transform((v) => v ?? ''),
  pictures: z.array(zPublicImage).max(30, 'bulletin.tooManyPictures').default([]),
  /** Shown before the others. */
  pinned: z.boolean().default(false),
});
export type BulletinCreate = z.infer<typeof BulletinCreate>;
export const BulletinUpdate = BulletinCreate.extend({ id: z.number().int().positive() });
export type BulletinUpdate = z.infer<typeof BulletinUpdate>;

export const BulletinListQuery = ResourceListQuery.extend({
  kind: z.enum(BULLETIN_KINDS).optional(),
  published: z.boolean().optional(),
});
export type BulletinListQuery = z.infer<typeof BulletinListQuery>;

/** Publish (true) or take back (false) some items. */
export const PublishBody = z.object({
  ids: z.array(z.coerce.number().int().positive()).min(1).max(500),
  published: z.boolean(),
});
export type PublishBody = z.infer<typeof PublishBody>;

export interface BulletinDto {
  id: number;
  kind: BulletinKind;
  title: string;
  content: string;
  /** Plain text of the start of the content. */
  summary: string;
  cover: string;
  pictures: string[];
  pinned: boolean;
  published: boolean;
  publishedAt: string | null;
  authorName: string;
  createdAt: string;
  updatedAt: string;
}

// ——— New-book announcements ———

const zDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'bulletin.badDate');

/** Books of one acceptance batch, or of the copies added between two days. */
export const AnnouncementCreate = z
  .object({
    title: zRequired('bulletin.titleRequired', 120),
    intro: z.string().max(RICH_MAX, 'validation.tooLong').default(''),
    cover: z
      .union([z.literal(''), zPublicImage])
      .nullish()
      .transform((v) => v ?? ''),
    batchId: z
      .number()
      .int()
      .positive()
      .nullish()
      .transform((v) => v ?? null),
    dateFrom: z
      .union([z.literal(''), zDay])
      .nullish()
      .transform((v) => v || null),
    dateTo: z
      .union([z.literal(''), zDay])
      .nullish()
      .transform((v) => v || null),
  })
  .superRefine((v, ctx) => {
    if (!v.batchId && !(v.dateFrom && v.dateTo))
      ctx.addIssue({ code: 'custom', path: ['dateFrom'], message: 'bulletin.batchOrDates' });
    if (v.dateFrom && v.dateTo && v.dateFrom > v.dateTo)
      ctx.addIssue({ code: 'custom', path: ['dateTo'], message: 'bulletin.datesReversed' });
  });
export type AnnouncementCreate = z.infer<typeof AnnouncementCreate>;
export const AnnouncementUpdate = z.object({ id: z.number().int().positive() }).and(AnnouncementCreate);
export type AnnouncementUpdate = z.infer<typeof AnnouncementUpdate>;
export const AnnouncementListQuery = ResourceListQuery.extend({ published: z.boolean().optional() });

export interface AnnouncementDto {
  id: number;
  title: string;
  intro: string;
  cover: string;
  batchId: number | null;
  batchNo: string | null;
  dateFrom: string | null;
  dateTo: string | null;
  published: boolean;
  publishedAt: string | null;
  /** Records the announcement lists (public copies only). */
  books: number;
  createdAt: string;
}

// ——— Network resources (external links) ———

export const LinkCreate = z.object({
  name: zRequired('bulletin.nameRequired', 100),
  url: z
    .string()
    .trim()
    .max(1000, 'validation.tooLong')
    .refine((v) => /^https?:\/\/[^\s/]+/i.test(v), 'bulletin.badUrl'),
  description: z.string().trim().max(500, 'validation.tooLong').default(''),
  logo: z
    .union([z.literal(''), zPublicImage])
    .nullish()
    .transform((v) => v ?? ''),
  sort: z.coerce.number().int().min(0).max(9999).default(0),
  /** 1 shown on the public site, 0 hidden. */
  state: z.coerce.number().int().min(0).max(1).default(1),
});
export type LinkCreate = z.infer<typeof LinkCreate>;
export const LinkUpdate = LinkCreate.extend({ id: z.number().int().positive() });
export const LinkListQuery = ResourceListQuery.extend({ state: z.coerce.number().int().min(0).max(1).optional() });

export interface LinkDto {
  id: number;
  name: string;
  url: string;
  description: string;
  logo: string;
  sort: number;
  state: number;
}

// ——— Library introduction ———

export const LibraryInfoSave = z.object({
  /** HTML; sanitised when saved. */
  intro: z.string().max(RICH_MAX, 'validation.tooLong').default(''),
  /** Opening hours, one line per period (e.g. "周一至周五 8:00-17:00"). */
  hours: z.string().max(2000, 'validation.tooLong').default(''),
  /** Library rules (HTML, sanitised). */
  rules: z.string().max(RICH_MAX, 'validation.tooLong').default(''),
  pictures: z.array(zPublicImage).max(30, 'bulletin.tooManyPictures').default([]),
});
export type LibraryInfoSave = z.infer<typeof LibraryInfoSave>;
export type LibraryInfoDto = LibraryInfoSave & { updatedAt: string | null };

// ——— Public (no sign-in; school from the schoolID header) ———

export const BulletinCatalogQuery = PageQuery.extend({
  /** Empty: notices and news (the news page); 'dynamic': library dynamics (library pictures). */
  kind: z.enum(BULLETIN_KINDS).optional(),
});
export type BulletinCatalogQuery = z.infer<typeof BulletinCatalogQuery>;

export type PublicBulletin = Omit<BulletinDto, 'content' | 'published' | 'createdAt' | 'updatedAt'>;
export type PublicBulletinDetail = PublicBulletin & { content: string };

export interface PublicLibraryInfo {
  intro: string;
  hours: string;
  rules: string;
  pictures: string[];
  /** Closed days of the calendar from today on (at most 60). */
  closedDays: string[];
  /** Locations the public site shows, with their map picture. */
  locations: { id: number; name: string; map: string }[];
}

export interface PublicAnnouncement {
  id: number;
  title: string;
  intro: string;
  cover: string;
  publishedAt: string | null;
  books: number;
}
export const AnnouncementBooksQuery = PageQuery.extend({ id: z.coerce.number().int().positive() });
