import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { requestState } from '../db/request-state.ts';
import { authVersion } from '../modules/auth/auth-version.table.ts';
import { appUser } from '../modules/auth/user.table.ts';
import { role, userRole } from '../modules/auth/role.table.ts';
import { namedText, runNamed } from '../db/statement.ts';
import { CONFIG_VERSION, noteRequestConfig } from './school-config.ts';

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

let lastVerifier: TokenVerifier = async () => ({ ok: false, kind: 'user' });
const verifiers = new WeakMap<object, TokenVerifier>();

/** The auth module plugs the real verifier in (oidc-provider tokens), one per database handle (app). */
export function setTokenVerifier(v: TokenVerifier, db?: Db): void {
  lastVerifier = v;
  if (db) verifiers.set(db, v);
}

/** Checks a token with the verifier of `db` (default: the one registered last). */
export function verifyToken(token: string, db?: Db): Promise<TokenCheck> {
  return ((db && verifiers.get(db)) ?? lastVerifier)(token);
}

export function hasPermission(p: Principal, code: string): boolean {
  if (p.permissions.has('*') || p.permissions.has(code)) return true;
  // An operation 'a.b.add' is not implied by the menu 'a.b'; but a menu code grants its children menus' view.
  return false;
}

/**
 * Principals (and verified tokens, modules/auth/token-cache.ts) of recent requests: resolving one costs three
 * queries and runs on every request. Exact for every process on the database: each request first reads the callers'
 * version (`checkCallers`, one indexed read of the one-row `auth_version`; the desk's commands send it with their
 * first statement, `checkCallersWithFirst`), which statement triggers (migration 0006)
 * move on every write to users, roles, memberships and on every revoked access token, in the writer's transaction.
 * A new value forgets everything remembered, so a password change, a disabled user or a changed role made by any
 * process (or a direct write) is honoured by the next request everywhere. An entry is remembered under the
 * generation it was loaded in; one loaded while a forget happened is never used. Entries live at most
 * PRINCIPAL_TTL_MS (a memory bound, not a correctness one).
 */
const PRINCIPAL_TTL_MS = 60_000;

/** What one database handle (one app: a server process, or one of two apps in a test) remembers of its callers. */
export interface CallerMemory {
  principals: Map<string, { p: Principal | null; until: number; generation: number }>;
  /** Verified tokens (modules/auth/token-cache.ts). */
  tokens: Map<string, { check: TokenCheck; until: number; generation: number }>;
  generation: number;
  seenVersion?: string;
}
const memories = new WeakMap<object, CallerMemory>();

export function callerMemory(db: Db): CallerMemory {
  let m = memories.get(db);
  if (!m) {
    m = { principals: new Map(), tokens: new Map(), generation: 0 };
    memories.set(db, m);
  }
  return m;
}

/** Forgets every caller and token check remembered for `db`. */
export function forgetPrincipals(db: Db): void {
  const m = callerMemory(db);
  m.principals.clear();
  m.tokens.clear();
  m.generation++;
}

/**
 * The callers' version and the school configuration's (school-config.ts), in one statement: a request that reads
 * configuration needs no statement of its own for it.
 */
const AUTH_VERSION = sql`(select ${authVersion.id} || ':' || ${authVersion.version} from ${authVersion} limit 1)`;
const VERSIONS = sql`select ${AUTH_VERSION} as auth, ${CONFIG_VERSION} as config`;

/**
 * Reads the callers' version; when it moved since the last request, forgets every remembered caller and token.
 * Notes the configuration's version for the rest of the request (school-config.ts `schoolConfig`).
 */
export async function checkCallers(db: Db): Promise<void> {
  // A named statement (parsed and planned once per connection): every API request runs it.
  const [row] = await runNamed<VersionsRow>(db, 'callers_versions', VERSIONS);
  noteVersions(db, row);
}

type VersionsRow = { auth: string | null; config: string | null } | undefined;

/** Notes the configuration's version; forgets every remembered caller when the callers' version moved. */
function noteVersions(db: Db, row: VersionsRow): string | undefined {
  noteRequestConfig(db, row?.config ?? null);
  const v = row?.auth ?? undefined;
  const m = callerMemory(db);
  if (v === undefined || v !== m.seenVersion) {
    m.seenVersion = v;
    forgetPrincipals(db);
  }
  return v;
}

/** The request used remembered callers while the callers' version moved: it must start again (platform/route.ts). */
export class CallersMoved extends Error {
  constructor() {
    super("The callers' version moved during the request");
  }

  /** Whether `e` is one, or was caused by one (drizzle wraps a statement's failure in an error of its own). */
  static in(e: unknown): boolean {
    for (let x = e, depth = 0; x instanceof Error && depth < 5; x = x.cause, depth++)
      if (x instanceof CallersMoved) return true;
    return false;
  }
}

/**
 * checkCallers without a round trip of its own: the read travels with the request's first statement
 * (db/request-state.ts `FirstRead`) and the request goes on with what the process remembers of its callers, as of
 * the last read. When the read finds the version moved (a role, user or token changed since), the callers are
 * forgotten as by
 * checkCallers and the request fails with CallersMoved before anything it did stands (the route starts it again).
 * The same freshness as checkCallers: the read runs after the request began, before any statement of it is
 * answered. False when nothing is remembered yet (no version read): call checkCallers.
 */
export function checkCallersWithFirst(db: Db): boolean {
  const state = requestState.getStore();
  const m = callerMemory(db);
  const version = m.seenVersion;
  if (!state || state.wrote || version === undefined) return false;
  const generation = m.generation;
  state.first = {
    db,
    name: 'callers_versions',
    text: namedText(db, 'callers_versions', VERSIONS),
    settle: async (answer) => {
      const v = noteVersions(db, (await answer).rows[0] as VersionsRow);
      // A forget meanwhile (this process wrote a role) counts as a move: what the request used may be older.
      if (v !== version || m.generation !== generation) throw new CallersMoved();
    },
    // For a statement that checks it itself (db/request-state.ts guardFirstRead): the callers' version is still the
    // one used.
    guard: () => sql`${AUTH_VERSION} = ${version}`,
  };
  return true;
}

export async function loadPrincipal(
  db: Db,
  userId: number,
  schoolId: number | null,
  extra: { kind: 'user' | 'client'; clientId?: string; scopes: string[] },
): Promise<Principal | null> {
  const key = `${userId}:${schoolId ?? ''}:${extra.kind}:${extra.clientId ?? ''}:${extra.scopes.join(' ')}`;
  const m = callerMemory(db);
  const hit = m.principals.get(key);
  if (hit && hit.generation === m.generation && hit.until > Date.now()) return hit.p;
  const loadedIn = m.generation;
  const p = await resolvePrincipal(db, userId, schoolId, extra);
  if (m.principals.size > 10_000) m.principals.clear();
  m.principals.set(key, { p, until: Date.now() + PRINCIPAL_TTL_MS, generation: loadedIn });
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
