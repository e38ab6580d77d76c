import type { ColumnPriority } from './columns.tsx';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { ResourcePaths } from '@shuyuan/contracts/kit/resource';
import type { UploadPublicCategory } from '@shuyuan/contracts/settings/upload';

/** Field kinds the kit renders in the table, the search form and the edit form. */
export type FieldType =
  | 'text'
  | 'textarea'
  | 'number'
  /** Integer fen on the wire, shown and edited as yuan with 2 decimals. */
  | 'money'
  | 'select'
  | 'switch'
  /** 'YYYY-MM-DD' on the wire. */
  | 'date'
  /** '#rrggbb' */
  | 'color'
  /** Parent picker over the resource's own tree (or `treeUrl`). */
  | 'tree-select'
  /** Upload through POST P/upload/post → {url}; the value is the url. */
  | 'image'
  | 'password'
  | 'custom';

export interface Option {
  value: string | number | boolean;
  /** i18n key (or literal text with `literal: true`, e.g. names loaded from the server). */
  label: string;
  literal?: boolean;
}

/** Options loaded from an endpoint (POST url with body): each row's `value`/`label` fields become an option. */
export interface RemoteOptions {
  url: string;
  body?: Record<string, unknown>;
  value: string;
  label: string;
  /** Read rows from data.List instead of data. */
  list?: boolean;
}

export interface FieldDef<R = any> {
  /** Contract field name (also the DTO field shown in the table unless `dataIndex` says otherwise). */
  name: string;
  /** i18n key of the label / column title. */
  label: string;
  type?: FieldType;
  /** Column in the table (default true). */
  inTable?: boolean;
  /** Field of the search form, sent as a filter of the same name (default false). */
  inSearch?: boolean;
  /** In the edit form: true (default), false, 'add' (creation only) or 'edit'. */
  inForm?: boolean | 'add' | 'edit';
  /** Shown but not editable when editing (e.g. a code). */
  readOnlyOnEdit?: boolean;
  /** select: fixed options (labels are i18n keys) or options loaded from the server. */
  options?: Option[] | RemoteOptions;
  /** select: several values. */
  multiple?: boolean;
  /**
   * image: a public image category (a location map, a library picture) anyone may see; without it the image (a
   * reader photo) is served only to the school's signed-in members.
   */
  imageCategory?: UploadPublicCategory;
  /** tree-select: endpoint answering a tree of {id, name, children} (default: the resource's list with Tree). */
  treeUrl?: string;
  /** tree-select: field of the node shown as its title (default 'name'). */
  treeLabel?: string;
  /** Read the table cell from this DTO path instead of `name`. */
  dataIndex?: string | string[];
  width?: number;
  /** Column priority (kit/columns.tsx): 1 always shown (default), 2 from 1200 px, 3 from 1600 px; the user may choose. */
  priority?: ColumnPriority;
  /** Custom table cell. */
  render?: (value: any, row: R) => ReactNode;
  /** type 'custom': the form control (receives value/onChange like any antd form control). */
  input?: (props: { value?: any; onChange?: (v: any) => void; row?: R }) => ReactNode;
  /** Default value in the add form. */
  default?: unknown;
  /** Extra props for the antd control. */
  props?: Record<string, unknown>;
  /** Number of form grid columns (24 = whole row; default 24). */
  span?: number;
}

export interface ActionHelpers<R> {
  reload: () => void;
  selected: R[];
  /** Opens the add form with some fields filled in. */
  openAdd: (initial?: Record<string, unknown>) => void;
}

/** A row action or toolbar button beyond add/edit/delete/export. */
export interface ExtraAction<R = any> {
  key: string;
  /** i18n key. */
  label: string;
  /** Permission code needed to see the button. */
  permission?: string;
  onClick: (row: R | undefined, helpers: ActionHelpers<R>) => void;
  danger?: boolean;
}

/**
 * One screen: the resource's endpoints (resourcePaths(area, entity) from contracts/kit/resource.ts),
 * its permission code and its fields. See kit/README.md.
 */
export interface ResourcePageDef<R extends { id: number } = any> {
  area: string;
  entity: string;
  /** Paths the spec fixes differently from resourcePaths(area, entity). */
  paths?: Partial<ResourcePaths>;
  /** Screen permission code (view); buttons need `<code>:add|edit|delete|export`. */
  permission: string;
  /** i18n key of the modal titles' noun, e.g. 'system.company.entity'. */
  title: string;
  contracts: { create: z.ZodType; update: z.ZodType };
  fields: FieldDef<R>[];
  /** Extra list body (fixed filters). */
  listBody?: Record<string, unknown>;
  /** Parent field: the table shows a tree (list requested with Tree: true, no paging). */
  tree?: { parent: string; label?: string };
  /** Show the export button (needs the server's export). */
  exportable?: boolean;
  /** Turn generated buttons off. */
  can?: Partial<Record<'add' | 'edit' | 'delete', boolean>>;
  /** Rows the server will refuse to delete (e.g. system roles): no delete button, not selectable for deletion. */
  deletable?: (row: R) => boolean;
  rowActions?: ExtraAction<R>[];
  toolbar?: ExtraAction<R>[];
  /** Rows can be selected for toolbar actions (`helpers.selected`) even without the delete permission. */
  selectable?: boolean;
  /** DTO → form values when editing (default: the DTO). */
  toForm?: (row: R) => Record<string, unknown>;
  /** Form values → request body (after money/date conversion, before validation). */
  fromForm?: (values: Record<string, unknown>, row?: R) => Record<string, unknown>;
  /** Called after a successful add, update or delete (e.g. refresh a cache the screen feeds). */
  onChange?: () => void;
  /** Modal width (default 640). */
  modalWidth?: number;
}
