import type { Lang } from '@shuyuan/contracts/common/lang';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { inRequest, sendFirstRead } from '../db/request-state.ts';
import { operationInsert, recordOperation } from './audit.ts';
import { BizError, forbidden, passwordChangeRequired, unauthorized } from './errors.ts';
import { ok } from './envelope.ts';
import { t } from './i18n/messages.ts';
import {
  CallersMoved,
  checkCallers,
  checkCallersWithFirst,
  forgetPrincipals,
  hasPermission,
  loadPrincipal,
  type Principal,
  verifyToken,
} from './principal.ts';
import { Scope } from './tenancy.ts';
import { API_SCOPE } from '../modules/auth/tokens.ts';
import { parseWith } from './validate.ts';
import { ErrorCode } from '@shuyuan/contracts/common/errors';
import { CODE_CLIENT_TOKEN_INVALID } from '@shuyuan/contracts/common/envelope';
import { requestContext } from './request-context.ts';

/**
 * Who may call a route. Every route declares one:
 * - 'public': anyone (sign-in, captcha, platform config);
 * - 'publicSchool': anyone, but a school must be named (schoolID header) — public search;
 * - 'device': a device client (client-credentials token, /sys/devices), acting for its own school — gates and
 *   entrance screens report through these; no person's token opens them;
 * - 'signedIn': any signed-in user, no school needed;
 * - 'school': a signed-in member of the school named by the schoolID header (or their home school);
 * - any other string: a permission code the caller's role must grant in that school.
 */
export type Access = 'public' | 'publicSchool' | 'device' | 'signedIn' | 'school' | (string & {});

export interface Ctx<B> {
  req: FastifyRequest;
  reply: FastifyReply;
  body: B;
  lang: Lang;
  db: Db;
  /** The signed-in caller (absent on public routes without a token). */
  user: Principal | undefined;
  /** The school the call acts in (0 when none applies). */
  schoolId: number;
  /** On 'device' routes: the client id of the calling device. */
  deviceClientId: string | undefined;
  scope: Scope;
  t: (key: string, params?: Record<string, unknown>) => string;
  /** Adds to what the operation log records for this call. */
  auditDetail: Record<string, unknown>;
  /**
   * Writes this call's operation-log row now, in the handler's own transaction `tx` (the route then writes none):
   * the write and its log commit together, in one commit instead of two. Does nothing on routes without `audit`.
   */
  audit: (tx: Db) => Promise<void>;
  /**
   * The same row as an `insert` for the handler to run as part of a statement of its own in its transaction (a
   * `with` part of its write), marking the call logged: undefined when the route has no `audit` or it is written.
   * `when`: an SQL condition of that statement; the row is written only when it holds (a statement that may write
   * nothing, e.g. the quick return's).
   */
  auditInsert: (when?: SQL) => SQL | undefined;
}

export interface RouteDef<S extends z.ZodType | undefined> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  access: Access;
  /** Body (POST) or query (GET) contract. */
  schema?: S;
  /** Operation-log action name; set on every write. */
  audit?: string;
  /**
   * A write that never touches users, roles or school memberships (the desk's loans and returns): the callers'
   * memory (principal.ts) is kept. Any other write forgets it, so a changed role takes effect at once.
   */
  keepsCallers?: boolean;
  /**
   * The callers' version read travels with the handler's first statement instead of costing a round trip before it
   * (principal.ts `checkCallersWithFirst`; the desk's scans): when it finds the version moved, the request is started
   * again from its authorization, so the handler must do nothing but database work through `db` (or refuse) before
   * its first statement — nothing outside the database that a second run would repeat.
   */
  callersWithFirst?: boolean;
  /**
   * A screen's timer asks this, not a person (a task's progress every second): it still goes before background work
   * for its connection, but does not hold background work to the duty cycle (db/requests-first.ts requestsFirst), so an import
   * someone watches runs as fast as one nobody watches.
   */
  poll?: boolean;
  summary?: string;
  /**
   * Answers a caller who must change a password not chosen by them (app_user.must_change_password): the password
   * change, the session user, sign-out, the language. Every other route refuses such a caller with 403
   * PASSWORD_CHANGE_REQUIRED; public routes treat their token as absent (anonymous).
   */
  passwordChange?: boolean;
  /** When true the handler answers itself (files, redirects); otherwise its result is wrapped in the envelope. */
  raw?: boolean;
  handler: (ctx: Ctx<S extends z.ZodType ? z.infer<S> : undefined>) => Promise<unknown> | unknown;
}

/** Registry for the OpenAPI description. */
export const routeRegistry: {
  method: string;
  url: string;
  access: Access;
  schema?: z.ZodType;
  summary?: string;
  audit?: string;
}[] = [];

const RESERVED = new Set(['public', 'publicSchool', 'device', 'signedIn', 'school']);

declare module 'fastify' {
  interface FastifyInstance {
    database: import('../db/client.ts').Database;
    config: import('../config.ts').Config;
  }
  interface FastifyRequest {
    principal?: Principal;
    schoolId?: number;
    /** A device token (client credentials, no acting user) bound to this school: a kiosk (guide screens). */
    deviceSchoolId?: number;
    deviceClientId?: string;
    lang: Lang;
  }
}

function headerSchool(req: FastifyRequest): number | null {
  const raw = req.headers.schoolid;
  const v = Array.isArray(raw) ? raw[0] : raw;
  if (!v) return null;
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
}

function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^(?:Bearer|bearer)\s+(.+)$/.exec(h);
  return m ? m[1].trim() : null;
}

/** Resolves the caller and the school for a route's access level; throws 401/403/99998 as spec §8 says. */
async function authorize(
  app: FastifyInstance,
  req: FastifyRequest,
  access: Access,
  passwordChange = false,
  callersWithFirst = false,
): Promise<void> {
  const token = bearer(req);
  let wantedSchool = headerSchool(req);
  /** A device token (client credentials) bound to no user acts only on public calls, for its own school. */
  let deviceOnly = false;
  /** The device a valid client-credentials token names (with or without an acting account), and its school. */
  let device: { clientId: string; schoolId: number } | null = null;
  if (token) {
    if (!(callersWithFirst && checkCallersWithFirst(app.database.db))) await checkCallers(app.database.db);
    const check = await verifyToken(token, app.database.db);
    if (check.ok && check.kind === 'client' && check.schoolId && check.scopes.includes(API_SCOPE))
      device = { clientId: check.clientId, schoolId: check.schoolId };
    if (access === 'device') {
      if (!check.ok) throw unauthorized();
      if (!device) throw forbidden();
      req.schoolId = device.schoolId;
      req.deviceClientId = device.clientId;
      return;
    }
    if (!check.ok) {
      if (access === 'public' || access === 'publicSchool') {
        // A stale token on a public call is ignored rather than refused.
      } else if (check.kind === 'client') {
        throw new BizError(
          ErrorCode.TOKEN_INVALID,
          'error.tokenInvalid',
          undefined,
          200,
          undefined,
          CODE_CLIENT_TOKEN_INVALID,
        );
      } else {
        throw unauthorized();
      }
    } else if (!check.scopes.includes(API_SCOPE)) {
      // A token not issued for this API (e.g. an ID-token-only grant) acts nowhere but on public calls.
      if (access !== 'public' && access !== 'publicSchool') throw forbidden();
    } else {
      const userId = check.userId;
      if (userId) {
        const p = await loadPrincipal(app.database.db, userId, wantedSchool, {
          kind: check.kind,
          clientId: check.clientId,
          scopes: check.scopes,
        });
        if (!p && access !== 'public' && access !== 'publicSchool') throw unauthorized();
        if (p?.mustChangePassword && !passwordChange) {
          // Until the owner chooses a password, the token opens nothing but the password change (and public calls,
          // as anonymous). SIP2 and the desk's password check do not pass here: they keep working (auth README).
          if (access !== 'public' && access !== 'publicSchool') throw passwordChangeRequired();
        } else {
          req.principal = p ?? undefined;
        }
      } else if (check.kind === 'client') {
        deviceOnly = true;
        if (check.schoolId) {
          wantedSchool = check.schoolId;
          req.deviceSchoolId = check.schoolId;
        }
      }
    }
  }
  if (access === 'device') throw unauthorized();
  if (access === 'public') {
    req.schoolId = wantedSchool ?? req.principal?.homeSchoolId ?? 0;
    return;
  }
  if (access === 'publicSchool') {
    const s = wantedSchool ?? req.principal?.homeSchoolId;
    if (!s) throw new BizError(ErrorCode.SCHOOL_REQUIRED, 'error.schoolRequired');
    req.schoolId = s;
    return;
  }
  const p = req.principal;
  if (!p && deviceOnly) throw forbidden();
  if (!p) throw unauthorized();
  const school = wantedSchool ?? p.homeSchoolId;
  if (access === 'signedIn') {
    req.schoolId = p.schoolIds.includes(school) ? school : p.homeSchoolId;
    return;
  }
  if (!p.schoolIds.includes(school))
    throw new BizError(ErrorCode.SCHOOL_FORBIDDEN, 'error.schoolForbidden', undefined, 403);
  req.schoolId = school;
  if (access === 'school') return;
  if (!hasPermission(p, access)) throw forbidden();
}

export function route<S extends z.ZodType | undefined = undefined>(app: FastifyInstance, def: RouteDef<S>): void {
  const method = def.method ?? 'POST';
  if (!def.access) throw new Error(`Route ${def.url} declares no access`);
  routeRegistry.push({
    method,
    url: def.url,
    access: def.access,
    schema: def.schema,
    summary: def.summary,
    audit: def.audit,
  });
  app.route({
    method,
    url: def.url,
    // One request state per call (db/request-state.ts inRequest): what it read at its start holds until it writes.
    handler: (req, reply) =>
      inRequest(() => (def.callersWithFirst ? handleFresh(req, reply) : handle(req, reply)), def.poll),
  });

  /** `callersWithFirst`: the callers' read goes with the first statement; the request runs again if they moved. */
  async function handleFresh(req: FastifyRequest, reply: FastifyReply) {
    try {
      return await handleWithFirst(req, reply);
    } catch (e) {
      if (!CallersMoved.in(e)) throw e;
      // What the first run used of the remembered callers is forgotten: once more, the callers read first.
      req.principal = req.schoolId = req.deviceSchoolId = req.deviceClientId = undefined;
      return handle(req, reply);
    }
  }

  async function handleWithFirst(req: FastifyRequest, reply: FastifyReply) {
    const db = app.database.db;
    let result: unknown;
    try {
      result = await handle(req, reply, true);
    } catch (e) {
      // A refusal, too, stands only when it was decided on current callers.
      if (!CallersMoved.in(e)) {
        try {
          await sendFirstRead(db);
        } catch (read) {
          if (CallersMoved.in(read)) throw read;
        }
      }
      throw e;
    }
    // Nothing carried the read (the handler sent no statement): it is sent before the answer.
    await sendFirstRead(db);
    return result;
  }

  async function handle(req: FastifyRequest, reply: FastifyReply, callersWithFirst = false) {
    await authorize(app, req, def.access, def.passwordChange, callersWithFirst);
    const lang = req.lang;
    const input = method === 'GET' || method === 'DELETE' ? req.query : (req.body ?? {});
    const body = def.schema ? parseWith(def.schema, input, lang) : undefined;
    const schoolId = req.schoolId ?? 0;
    let audited = false;
    const ctx: Ctx<any> = {
      req,
      reply,
      body,
      lang,
      db: app.database.db,
      user: req.principal,
      schoolId,
      deviceClientId: req.deviceClientId,
      scope: new Scope(schoolId),
      t: (key, params) => t(lang, key, params, schoolId),
      auditDetail: {},
      audit: async (tx) => {
        if (!def.audit || audited) return;
        audited = true;
        await recordOperation(tx, ctx, def.audit, body);
      },
      auditInsert: (when) => {
        if (!def.audit || audited) return undefined;
        audited = true;
        return operationInsert(ctx, def.audit, body, when);
      },
    };
    const result = await requestContext.run({ reqId: String(req.id) }, () => def.handler(ctx));
    if (def.audit) {
      // A write may change roles, memberships or users: resolve callers afresh from now on.
      if (!def.keepsCallers) forgetPrincipals(app.database.db);
      if (!audited) await recordOperation(app.database.db, ctx, def.audit, body);
    }
    if (def.raw) return reply.sent ? reply : result;
    return ok(result ?? null, ctx.t('common.ok'));
  }
}

export { RESERVED as RESERVED_ACCESS };
