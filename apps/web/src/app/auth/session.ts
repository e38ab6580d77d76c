import { useSyncExternalStore } from 'react';

/** The user-get answer (GET /micro/basic/v2/open/user/get). */
export interface SchoolRef {
  id: number;
  code: string;
  name: string;
  enName?: string;
  themeColor?: { bgColor?: string; btColor?: string } | string | null;
}
export interface UserInfo {
  userId: number;
  account: string;
  name: string;
  enName?: string;
  identity: string;
  SchoolID: number;
  SchoolName: string;
  schools: SchoolRef[];
  lang?: string;
  /** The password was set by someone else: only the change-password screen shows until it is changed. */
  mustChangePassword?: boolean;
  /** The school's stricter password policy applies to this user. */
  passwordPolicy?: boolean;
}
/** A node of the user's menu tree (POST P/Menu/GetUserMenus). */
export interface MenuNode {
  id: number | string;
  code: string;
  MenuName: string;
  MenuEnName?: string;
  url?: string;
  icon?: string;
  sort?: number;
  /** Reached from another screen, not listed in the side menu. */
  hidden?: boolean;
  children?: MenuNode[];
}
export interface StoredToken {
  access_token: string;
  token_type?: string;
  refresh_token?: string;
  /** Epoch seconds. */
  expires_at?: number;
}

export interface SessionState {
  token: StoredToken | null;
  user: UserInfo | null;
  /** The school the back office acts in (schoolID header). */
  schoolId: number | null;
  menus: MenuNode[];
  operations: string[];
}

/**
 * The signed-in session lives in sessionStorage (spec §6: menus and operations are fetched at sign-in and kept
 * in the session), so a reload keeps it and closing the tab forgets it.
 */
const KEY = 'shuyuan.session';
const TOKEN_KEY = 'shuyuan.token';
/** Public search mode (spec §6): a flag in the session and the school from a stored search value. */
export const SEARCH_MODE_KEY = 'shuyuan.searchMode';
export const SEARCH_SCHOOL_KEY = 'shuyuan.searchSchool';

function read<T>(key: string): T | null {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

const stored = read<Omit<SessionState, 'token'>>(KEY);
let state: SessionState = {
  token: read<StoredToken>(TOKEN_KEY),
  user: stored?.user ?? null,
  schoolId: stored?.schoolId ?? null,
  menus: stored?.menus ?? [],
  operations: stored?.operations ?? [],
};
const listeners = new Set<() => void>();

export function getSession(): SessionState {
  return state;
}

export function updateSession(patch: Partial<SessionState>): void {
  state = { ...state, ...patch };
  if ('token' in patch) {
    if (state.token) sessionStorage.setItem(TOKEN_KEY, JSON.stringify(state.token));
    else sessionStorage.removeItem(TOKEN_KEY);
  }
  const { token: _t, ...rest } = state;
  sessionStorage.setItem(KEY, JSON.stringify(rest));
  for (const l of listeners) l();
}

export function clearSession(): void {
  updateSession({ token: null, user: null, schoolId: null, menus: [], operations: [] });
  sessionStorage.removeItem(KEY);
}

export function subscribeSession(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession);
}

/**
 * Public search mode (spec §6): the public site calls this with the school the reader chose (stored search
 * value); from then on requests carry that school until `leavePublicSearch()`.
 */
export function enterPublicSearch(schoolId: number | string): void {
  sessionStorage.setItem(SEARCH_MODE_KEY, '1');
  localStorage.setItem(SEARCH_SCHOOL_KEY, String(schoolId));
}

export function leavePublicSearch(): void {
  sessionStorage.removeItem(SEARCH_MODE_KEY);
}

/** The schoolID header: the current school, or in public-search mode the stored search value. */
export function currentSchoolHeader(): string | null {
  if (sessionStorage.getItem(SEARCH_MODE_KEY) === '1') {
    const v = localStorage.getItem(SEARCH_SCHOOL_KEY) ?? sessionStorage.getItem(SEARCH_SCHOOL_KEY);
    if (v) return v;
  }
  const id = state.schoolId ?? state.user?.SchoolID;
  return id ? String(id) : null;
}

export function currentSchool(): SchoolRef | undefined {
  const id = state.schoolId ?? state.user?.SchoolID;
  return state.user?.schools?.find((s) => s.id === id);
}

/** School theme colours JSON {bgColor, btColor} (spec §1); stored as an object or a JSON string. */
export function themeOf(s: SchoolRef | undefined): { bgColor?: string; btColor?: string } {
  const raw = s?.themeColor;
  if (!raw) return {};
  if (typeof raw === 'string') {
    try {
      return JSON.parse(raw);
    } catch {
      return {};
    }
  }
  return raw;
}
