import { z } from 'zod';
import { PageQuery } from '../common/envelope.ts';
import { ResourceListQuery } from '../kit/resource.ts';
import { zRequired } from '../common/validators.ts';

/** A school-visible notice on /update-log (drafts are seen only by editors; published ones by everyone). */
export const ReleaseNoteCreate = z.object({
  version: z.string().trim().max(40, 'validation.tooLong').default(''),
  title: zRequired('settings.release.titleRequired', 100),
  content: zRequired('settings.release.contentRequired', 10000),
  /** 0 draft, 1 published */
  state: z.union([z.literal(0), z.literal(1)]).default(0),
});
export type ReleaseNoteCreate = z.infer<typeof ReleaseNoteCreate>;
export const ReleaseNoteUpdate = ReleaseNoteCreate.extend({ id: z.number().int().positive() });
export const ReleaseNoteListQuery = ResourceListQuery.extend({
  state: z.union([z.literal(0), z.literal(1)]).optional(),
});

export interface ReleaseNoteDto {
  id: number;
  version: string;
  title: string;
  content: string;
  state: 0 | 1;
  publishedAt: string | null;
  createdAt: string;
}

/** One release of the product's CHANGELOG.md. */
export interface ChangelogEntry {
  version: string;
  date: string;
  /** The release's change lines (list markers removed). */
  items: string[];
}

export const PublishedNotesQuery = PageQuery;
export const RELEASE_CODE = 'update-log';
