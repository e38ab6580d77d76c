import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { appUser } from '../modules/auth/user.table.ts';
import { role, userRole } from '../modules/auth/role.table.ts';

/** The signed-in caller, resolved once per request from the access token. */
export interface Principal {
  kind: 'user' | 'client';
  userId: number;
  account: string;
  name: string;
  identity: string;
  homeSchoolId: number;
  /** Schools the user may act in (home school plus memberships). */
  schoolIds: number[];
  /** Permission codes in the current school ('*' = all). */
  permissions: Set<string>;
  clientId?: string;
  scopes: string[];
  /** The password was not chosen by its owner: only routes marked `passwordChange` answer (platform/route.ts). */
  mustChangePassword: boolean;
}

/** What a verified token says. `invalid` tells which failure semantics apply (spec §8: 401 vs 99998). */
export type TokenCheck =
  | { ok: true; kind: 'user'; userId: number; clientId?: string; scopes: string[] }
  | { ok: true; kind: 'client'; clientId: string; schoolId: number | null; userId?: number; scopes: string[] }
  | { ok: false; kind: 'user' | 'client' };

export type TokenVerifier = (token: string) => Promise<TokenCheck>;

let verifier: TokenVerifier = async () => ({ ok: false, kind: 'user' });

/** The auth module plugs the real verifier in (oidc-provider tokens). */
export function setTokenVerifier(v: TokenVerifier): void {
  verifier = v;
}

export function verifyToken(token: string): Promise<TokenCheck> {
  return verifier(token);
}

export function hasPermission(p: Principal, code: string): boolean {
  if (p.permissions.has('*') || p.permissions.has(code)) return true;
  // An operation 'a.b.add' is not implied by the menu 'a.b'; but a menu code grants its children menus' view.
  return false;
}

/**
 * Principals of recent requests, for at most PRINCIPAL_TTL_MS: resolving one costs three queries and runs on
 * every request. Any write in this process clears the memory (route.ts), so a changed role or a disabled user
 * takes effect at once here; another process sharing the database may lag by at most PRINCIPAL_TTL_MS —
 * the same bound as the token memory.
 */
const PRINCIPAL_TTL_MS = 5_000;
const principals = new Map<string, { p: Principal | null; until: number }>();

export function forgetPrincipals(): void {
  principals.clear();
}

export async function loadPrincipal(
  db: Db,
  userId: number,
  schoolId: number | null,
  extra: { kind: 'user' | 'client'; clientId?: string; scopes: string[] },
): Promise<Principal | null> {
  const key = `${userId}:${schoolId ?? ''}:${extra.kind}:${extra.clientId ?? ''}:${extra.scopes.join(' ')}`;
  const hit = principals.get(key);
  if (hit && hit.until > Date.now()) return hit.p;
  const p = await resolvePrincipal(db, userId, schoolId, extra);
  if (principals.size > 10_000) principals.clear();
  principals.set(key, { p, until: Date.now() + PRINCIPAL_TTL_MS });
  return p;
}

/** Loads the user and their permissions in `schoolId` (or their home school). */
async function resolvePrincipal(
  db: Db,
  userId: number,
  schoolId: number | null,
  extra: { kind: 'user' | 'client'; clientId?: string; scopes: string[] },
): Promise<Principal | null> {
  const [u] = await db.select().from(appUser).where(eq(appUser.id, userId)).limit(1);
  if (u?.state !== 1) return null;
  const memberships = await db
    .select({ schoolId: userRole.schoolId, roleId: userRole.roleId })
    .from(userRole)
    .where(eq(userRole.userId, userId));
  const schoolIds = [...new Set([u.schoolId, ...memberships.map((m) => m.schoolId)])];
  const current = schoolId ?? u.schoolId;
  const roleIds = memberships.filter((m) => m.schoolId === current).map((m) => m.roleId);
  const permissions = new Set<string>();
  if (roleIds.length) {
    const roles = await db
      .select({ permissions: role.permissions })
      .from(role)
      .where(and(inArray(role.id, roleIds), eq(role.state, 1)));
    for (const r of roles) for (const c of r.permissions) permissions.add(c);
  }
  return {
    kind: extra.kind,
    userId: u.id,
    account: u.account,
    name: u.name,
    identity: u.identity,
    homeSchoolId: u.schoolId,
    schoolIds,
    permissions,
    clientId: extra.clientId,
    scopes: extra.scopes,
    mustChangePassword: u.mustChangePassword,
  };
}
