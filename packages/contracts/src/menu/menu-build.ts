import { codeOfPath, type MenuFunction, type MenuNode } from './menu-types.ts';

/** Operation verbs with their names; a screen's function is `<code>:<verb>`. */
export const VERBS = {
  add: ['新增', 'Add'],
  edit: ['编辑', 'Edit'],
  delete: ['删除', 'Delete'],
  export: ['导出', 'Export'],
  import: ['导入', 'Import'],
  print: ['打印', 'Print'],
  audit: ['审核', 'Review'],
  reply: ['回复', 'Reply'],
  stop: ['停止', 'Stop'],
  download: ['下载', 'Download'],
  grant: ['授权', 'Grant permissions'],
  authorize: ['单位授权', 'Authorise schools'],
  reset: ['重置密码', 'Reset password'],
  test: ['测试', 'Test'],
  borrow: ['借出', 'Check out'],
  return: ['归还', 'Check in'],
  renew: ['续借', 'Renew'],
  remind: ['催还', 'Send reminder'],
  cancel: ['取消', 'Cancel'],
  handle: ['处理', 'Process'],
  compensate: ['赔偿', 'Compensate'],
  retrieve: ['找回', 'Retrieve'],
  allocate: ['调拨', 'Allocate'],
  upgrade: ['升级', 'Promote'],
  issue: ['办证', 'Issue card'],
  transfer: ['转移', 'Transfer'],
  weed: ['剔旧', 'Weed'],
  stocktake: ['盘点', 'Stocktake'],
  convert: ['转换', 'Convert'],
  order: ['订购', 'Order'],
  checkin: ['记到', 'Check in issue'],
  bind: ['装订', 'Bind'],
  publish: ['发布', 'Publish'],
  lock: ['锁定', 'Lock'],
  enable: ['启用/停用', 'Enable/disable'],
  override: ['越过限制借出', 'Override refusals'],
  fine: ['收取罚款', 'Collect fines'],
  waive: ['减免罚款', 'Waive fines'],
  merge: ['合并', 'Merge'],
} as const;
export type Verb = keyof typeof VERBS;

export const CRUD: Verb[] = ['add', 'edit', 'delete'];
export const CRUDX: Verb[] = ['add', 'edit', 'delete', 'export'];
export const VIEWX: Verb[] = ['export'];

interface ScreenSpec {
  kind: 'screen';
  url: string;
  zh: string;
  en: string;
  icon: string;
  ops: Verb[];
  hidden: boolean;
  children: Item[];
}
interface GroupSpec {
  kind: 'group';
  code: string;
  zh: string;
  en: string;
  icon: string;
  items: Item[];
}
export type Item = ScreenSpec | GroupSpec;

/** A screen: its route (spec §2, exactly as written), names, icon and operations. */
export function screen(
  url: string,
  zh: string,
  en: string,
  icon: string,
  ops: Verb[] = [],
  extra: { hidden?: boolean; children?: Item[] } = {},
): Item {
  return { kind: 'screen', url, zh, en, icon, ops, hidden: extra.hidden ?? false, children: extra.children ?? [] };
}

/** A screen reached from another one (detail pages, redirects): routable and grantable, not in the side menu. */
export function hiddenScreen(url: string, zh: string, en: string, icon: string, ops: Verb[] = []): Item {
  return screen(url, zh, en, icon, ops, { hidden: true });
}

/** A menu group (no route); its code is `group.<name>`. */
export function group(code: string, zh: string, en: string, icon: string, items: Item[]): Item {
  return { kind: 'group', code: `group.${code}`, zh, en, icon, items };
}

function functionsOf(code: string, ops: Verb[]): MenuFunction[] {
  return ops.map((v) => ({ code: `${code}:${v}`, name: VERBS[v][0], enName: VERBS[v][1] }));
}

/** Turns specs into menu nodes; sort follows the order written, in steps of 10 so local edits can slot in. */
export function build(items: Item[]): MenuNode[] {
  return items.map((it, i) => {
    const sort = (i + 1) * 10;
    if (it.kind === 'group') {
      return {
        code: it.code,
        url: '',
        MenuName: it.zh,
        MenuEnName: it.en,
        icon: it.icon,
        sort,
        functions: [],
        hidden: false,
        children: build(it.items),
      };
    }
    const code = codeOfPath(it.url);
    return {
      code,
      url: it.url,
      MenuName: it.zh,
      MenuEnName: it.en,
      icon: it.icon,
      sort,
      functions: functionsOf(code, it.ops),
      hidden: it.hidden,
      children: build(it.children),
    };
  });
}
