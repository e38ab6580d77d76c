import { z } from 'zod';
import { PageQuery } from '../common/envelope.ts';
import { zRequired } from '../common/validators.ts';

/** Spec "union application": pending review, rejected, passed. */
export const UNION_STATUSES = ['pending', 'rejected', 'passed'] as const;
export type UnionStatus = (typeof UNION_STATUSES)[number];

/** Spec "union identities": Creator, Administrator, Ordinary person (member). */
export const UNION_ROLES = ['creator', 'admin', 'member'] as const;
export type UnionRole = (typeof UNION_ROLES)[number];

/** How a membership started: the school applied (the union reviews) or the union invited it (the school answers). */
export const UNION_ORIGINS = ['applied', 'invited'] as const;
export type UnionOrigin = (typeof UNION_ORIGINS)[number];

/** What a member shares: its catalogue (search, cataloguing), or its catalogue and its copies for lending. */
export const UNION_SHARES = ['catalogue', 'lending'] as const;
export type UnionShare = (typeof UNION_SHARES)[number];

/** Permission codes (menu tree, packages/contracts/src/menu/groups-engagement.ts). */
export const UNION_MANA = 'union.union-mana';
export const UNION_SEARCH = 'union.search';
export const UNION_CATALOG = 'union-catalog';

const id = z.coerce.number().int().positive();
const remark = z.string().trim().max(500).optional().default('');

export const UnionCreate = z.object({
  name: zRequired('union.nameRequired', 60),
  remark,
});
export type UnionCreate = z.infer<typeof UnionCreate>;

export const UnionUpdate = UnionCreate.extend({ id });
export type UnionUpdate = z.infer<typeof UnionUpdate>;

export const UnionIdBody = z.object({ unionId: id });
export type UnionIdBody = z.infer<typeof UnionIdBody>;

export const MemberIdBody = z.object({ memberId: id });

/** Unions of the deployment (to apply to), by name. */
export const UnionListQuery = PageQuery;

export const UnionApply = z.object({ unionId: id, message: remark });
export type UnionApply = z.infer<typeof UnionApply>;

export const UnionInvite = z.object({
  unionId: id,
  schoolCode: zRequired('union.schoolCodeRequired', 50),
  message: remark,
});
export type UnionInvite = z.infer<typeof UnionInvite>;

/** The union's decision on an application, or the invited school's answer to an invitation. */
export const UnionReview = z.object({
  memberId: id,
  pass: z.boolean(),
  reason: z.string().trim().max(200).optional().default(''),
});
export type UnionReview = z.infer<typeof UnionReview>;

export const UnionSetRole = z.object({ memberId: id, role: z.enum(['admin', 'member']) });
export type UnionSetRole = z.infer<typeof UnionSetRole>;

/**
 * What the caller's school shares with one union. `locationIds` / `resourceTypeIds`: `null` shares all (what the
 * resource rules let the public see), a list only those.
 */
export const UnionSharing = z.object({
  unionId: id,
  share: z.enum(UNION_SHARES),
  locationIds: z.array(id).max(500).nullable(),
  resourceTypeIds: z.array(id).max(200).nullable(),
});
export type UnionSharing = z.infer<typeof UnionSharing>;

export const UnionFacets = z
  .object({
    schoolId: id.optional(),
    classLetter: z.string().trim().max(2).optional(),
    year: z.coerce.number().int().min(0).max(9999).optional(),
    language: z.string().trim().max(20).optional(),
    /** Only titles with a shared copy on the shelf. */
    available: z.boolean().optional(),
  })
  .default({});
export type UnionFacets = z.infer<typeof UnionFacets>;

/** `/union/search` and `/union-catalog`: one text over the catalogues the union's members share. */
export const UnionSearchQuery = PageQuery.extend({
  unionId: id,
  field: z.enum(['title', 'author', 'isbn', 'publisher']).optional(),
  facets: UnionFacets,
});
export type UnionSearchQuery = z.infer<typeof UnionSearchQuery>;

export const UnionRecordBody = z.object({ unionId: id, recordId: id });
export type UnionRecordBody = z.infer<typeof UnionRecordBody>;

/** Copy a member's record into the caller's school; `force` copies it although the school holds a match. */
export const UnionCopyRecord = UnionRecordBody.extend({ force: z.boolean().optional().default(false) });
export type UnionCopyRecord = z.infer<typeof UnionCopyRecord>;

export interface UnionDto {
  id: number;
  name: string;
  remark: string;
  creatorSchoolId: number;
  creatorSchoolName: string;
  members: number;
  createdAt: string;
  /** The caller's school in this union (absent: not a member, no application). */
  mine?: { memberId: number; status: UnionStatus; role: UnionRole; origin: UnionOrigin };
}

export interface UnionMemberDto {
  id: number;
  schoolId: number;
  schoolCode: string;
  schoolName: string;
  schoolEnName: string | null;
  role: UnionRole;
  status: UnionStatus;
  origin: UnionOrigin;
  share: UnionShare;
  locationIds: number[] | null;
  resourceTypeIds: number[] | null;
  message: string;
  reason: string;
  appliedAt: string;
  decidedAt: string | null;
}

/** A school's holdings of one union hit. */
export interface UnionHolding {
  schoolId: number;
  schoolName: string;
  recordId: number;
  copies: number;
  available: number;
  lends: boolean;
}

export interface UnionHit {
  /** The first record of the group (lowest id): what a cataloguer copies. */
  recordId: number;
  title: string;
  author: string;
  publisher: string;
  pubYear: number | null;
  isbn: string;
  classNo: string;
  holdings: UnionHolding[];
  /** On /union-catalog: the caller's record the match keys found (the school has it already). */
  ownMatch?: { id: number; title: string; key: string } | null;
}

export interface UnionFacetValue {
  value: string | number | boolean;
  label?: string;
  count: number;
}
export type UnionFacetName = 'school' | 'classLetter' | 'year' | 'language' | 'available';

export interface UnionSearchResult {
  List: UnionHit[];
  /** Works found, at most the search's cap (3,000): with `More`, more than that match ("more than 3,000"). */
  Total: number;
  More: boolean;
  /** The union's index is still taking in a change (a member just joined): some titles may not show yet. */
  Updating: boolean;
  Facets: Record<UnionFacetName, UnionFacetValue[]>;
}

/** A school a visitor may pick on /orschool. */
export interface UnionSchoolDto {
  id: number;
  code: string;
  name: string;
  enName: string | null;
  unions: string[];
}
