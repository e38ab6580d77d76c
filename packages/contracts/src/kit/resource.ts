import { z } from 'zod';
import { P } from '../common/paths.ts';
import { PageQuery } from '../common/envelope.ts';

/**
 * The generic resource kit's wire conventions, shared by the server kit (apps/server/src/platform/resource)
 * and the web kit (apps/web/src/kit). One resource = `P/<Area>/<Verb><Entity>`.
 */
export interface ResourcePaths {
  list: string;
  get: string;
  add: string;
  update: string;
  delete: string;
  export: string;
}

export function resourcePaths(area: string, entity: string): ResourcePaths {
  const base = `${P}/${area}`;
  return {
    list: `${base}/Get${entity}List`,
    get: `${base}/Get${entity}`,
    add: `${base}/Add${entity}`,
    update: `${base}/Update${entity}`,
    delete: `${base}/Delete${entity}`,
    export: `${base}/Export${entity}`,
  };
}

/** Operation permission codes of a screen (docs/developing.md): view = code, operations = `<code>:<verb>`. */
export function opCode(code: string, verb: 'add' | 'edit' | 'delete' | 'export' | (string & {})): string {
  return `${code}:${verb}`;
}

/**
 * Base list query of every resource: Page, Rows, SearchKey, plus `Tree` (resources with a parent answer the
 * whole matching set as a tree instead of a page). A resource's own list contract extends this with filters.
 */
export const ResourceListQuery = PageQuery.extend({
  Tree: z.boolean().optional(),
});
export type ResourceListQuery = z.infer<typeof ResourceListQuery>;

/** Export answers the id of the background job; the web app tracks it in the download panel. */
export interface ExportStarted {
  DataID: number;
  FileName: string;
}

/** A tree list node: the row's DTO plus its children. */
export type TreeNode<T> = T & { children?: TreeNode<T>[] };
