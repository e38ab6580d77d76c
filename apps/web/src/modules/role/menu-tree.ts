import type { MenuRow } from '@shuyuan/contracts/menu/menu-types';

/** A node of the grant tree (antd Tree data). */
export interface GrantNode {
  key: string;
  title: string;
  children?: GrantNode[];
}

const MENU = 'm:';

/**
 * Menu tree → checkbox tree. Every permission code is a LEAF, so a role's codes map straight onto checked
 * keys: a screen with operations gets a "view" leaf (its own code) beside its operation leaves; a menu with
 * nothing below is itself the leaf. Inner nodes are keyed `m:<code>`.
 */
export function grantTree(menus: MenuRow[], en: boolean, viewLabel: string): GrantNode[] {
  return menus.map((m) => {
    const title = en ? m.MenuEnName || m.MenuName : m.MenuName;
    const kids: GrantNode[] = [
      ...m.functions.map((f) => ({ key: f.code, title: en ? f.enName || f.name : f.name })),
      ...grantTree(m.children ?? [], en, viewLabel),
    ];
    if (!kids.length) return { key: m.code, title };
    const view = m.url ? [{ key: m.code, title: viewLabel }] : [];
    return { key: `${MENU}${m.code}`, title, children: [...view, ...kids] };
  });
}

function leaves(nodes: GrantNode[], out: string[] = []): string[] {
  for (const n of nodes) {
    if (n.children?.length) leaves(n.children, out);
    else out.push(n.key);
  }
  return out;
}

/** The leaves a role's codes check (antd derives the parents' state). */
export function checkedKeys(tree: GrantNode[], permissions: string[]): string[] {
  const has = new Set(permissions);
  return leaves(tree).filter((k) => has.has(k));
}

/**
 * Checked leaves → the role's codes. A group or screen with any checked leaf below is granted too, so the
 * side menu can show the path down to the granted screens (and an operation implies viewing its screen).
 */
export function permissionsOf(tree: GrantNode[], checked: string[]): string[] {
  const on = new Set(checked);
  const out = new Set<string>();
  const walk = (n: GrantNode): boolean => {
    if (!n.children?.length) {
      if (on.has(n.key)) out.add(n.key);
      return on.has(n.key);
    }
    let any = false;
    for (const c of n.children) any = walk(c) || any;
    if (any) out.add(n.key.slice(MENU.length));
    return any;
  };
  for (const n of tree) walk(n);
  return [...out].sort();
}

export function allKeys(nodes: GrantNode[], out: string[] = []): string[] {
  for (const n of nodes) {
    out.push(n.key);
    if (n.children) allKeys(n.children, out);
  }
  return out;
}
