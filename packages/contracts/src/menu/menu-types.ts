import { z } from 'zod';

/** An operation on a screen: `<menu code>:<verb>` (docs/developing.md, permission codes). */
export interface MenuFunction {
  code: string;
  name: string;
  enName: string;
}

/** One node of the built-in menu tree. Groups have no url; screens have the spec §2 route as url. */
export interface MenuNode {
  code: string;
  url: string;
  MenuName: string;
  MenuEnName: string;
  icon: string;
  sort: number;
  functions: MenuFunction[];
  /** Reached from another screen (or the header), not listed in the side menu. */
  hidden: boolean;
  children: MenuNode[];
}

/** A menu as GetUserMenus returns it (the caller's granted tree). */
export interface UserMenu {
  id: number;
  code: string;
  MenuName: string;
  MenuEnName: string;
  url: string;
  icon: string;
  sort: number;
  hidden: boolean;
  children: UserMenu[];
}

export interface UserMenus {
  menus: UserMenu[];
  /** The caller's operation codes (`<menu>:<verb>`). */
  operations: string[];
}

/** A menu row as the /sys/menu screen and GetMenuTree see it. */
export interface MenuRow extends UserMenu {
  parentId: number | null;
  functions: MenuFunction[];
  state: number;
  /** Seeded from the built-in tree (can only be hidden, not deleted). */
  builtIn: boolean;
  /** Fields changed locally that the start-up synchronisation keeps. */
  edited: string[];
  children: MenuRow[];
}

export const MenuFunctionInput = z.object({
  code: z.string().trim().min(1, 'validation.required').max(120, 'validation.tooLong'),
  name: z.string().trim().min(1, 'validation.required').max(60, 'validation.tooLong'),
  enName: z.string().trim().max(80, 'validation.tooLong').default(''),
});

const menuFields = {
  parentId: z.coerce.number().int().positive().nullable().optional(),
  MenuName: z.string({ error: 'menu.nameRequired' }).trim().min(1, 'menu.nameRequired').max(60, 'validation.tooLong'),
  MenuEnName: z.string().trim().max(80, 'validation.tooLong').default(''),
  url: z.string().trim().max(200, 'validation.tooLong').default(''),
  icon: z.string().trim().max(60, 'validation.tooLong').default(''),
  sort: z.coerce.number().int().min(0).max(100000).default(0),
  hidden: z.boolean().default(false),
  functions: z.array(MenuFunctionInput).max(50).default([]),
};

/** Spec §5: menu name and url are required (url may be empty only for a group). */
export const MenuCreate = z.object({
  ...menuFields,
  code: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(120, 'validation.tooLong')
    .regex(/^[A-Za-z0-9_.-]+$/, 'menu.codeInvalid'),
});
export type MenuCreate = z.infer<typeof MenuCreate>;

export const MenuUpdate = z.object({
  id: z.coerce.number().int().positive(),
  ...menuFields,
});
export type MenuUpdate = z.infer<typeof MenuUpdate>;

/** Menus a school is not authorised for (ids of the install-wide menu table). */
export const SchoolMenuQuery = z.object({ schoolId: z.coerce.number().int().positive() });
export const SchoolMenuSet = z.object({
  schoolId: z.coerce.number().int().positive(),
  disabledIds: z.array(z.coerce.number().int().positive()).max(2000),
});
export type SchoolMenuSet = z.infer<typeof SchoolMenuSet>;

/** Fields of a seeded menu that a local edit protects from the start-up synchronisation. */
export const EDITABLE_MENU_FIELDS = ['MenuName', 'MenuEnName', 'url', 'icon', 'sort', 'hidden', 'functions'] as const;
export type EditableMenuField = (typeof EDITABLE_MENU_FIELDS)[number];

/** Permission code of a route: path without leading '/', '/' → '.' (docs/developing.md). */
export function codeOfPath(path: string): string {
  return path.replace(/^\//, '').replaceAll('/', '.');
}
