/** A menu entry's name in the current language. */
export const label = (m: { MenuName: string; MenuEnName?: string }, lang: string) =>
  lang.startsWith('en') && m.MenuEnName ? m.MenuEnName : m.MenuName;
