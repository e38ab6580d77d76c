import { useSession } from '../../app/auth/session.ts';
import { findMenu } from '../../app/layout/menu.ts';

/** True when the caller may open the screen at `path` (it is among their menus; view codes are not operations). */
export function useCanView(path: string): boolean {
  return !!findMenu(useSession().menus, path);
}
