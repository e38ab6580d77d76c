import type { FieldIssue } from '@shuyuan/contracts/common/envelope';
import { CODE_CLIENT_TOKEN_INVALID } from '@shuyuan/contracts/common/envelope-codes';

/** A rejected call: the envelope's code/errorCode/msg/issues plus the HTTP status. */
export class ApiError extends Error {
  readonly code: number;
  readonly errorCode: string;
  readonly msg: string;
  readonly issues?: FieldIssue[];
  readonly status: number;
  constructor(p: { code: number; errorCode?: string; msg: string; issues?: FieldIssue[]; status: number }) {
    super(p.msg);
    this.name = 'ApiError';
    this.code = p.code;
    this.errorCode = p.errorCode ?? '';
    this.msg = p.msg;
    this.issues = p.issues;
    this.status = p.status;
  }
}

export interface RequestOpts {
  /** Show the failure as a 2-second error message (default true). */
  showError?: boolean;
  /** Show the global loading indicator while the call runs (default false). */
  loading?: boolean;
}

export interface Token {
  access_token: string;
  token_type?: string;
}

/** Everything the client needs from its surroundings, injected so the queue logic is testable. */
export interface HttpDeps {
  fetch: typeof fetch;
  token(): Token | null;
  schoolId(): string | null;
  lang(): string;
  /** Spec §8 HTTP 401: one user-token renewal. Resolves true when a new token is stored. */
  renewUserToken(): Promise<boolean>;
  /** Spec §8 code 99998: one client-credentials renewal. Resolves true when a new token is stored. */
  renewClientToken(): Promise<boolean>;
  /** Renewal failed: say 'authorization expired' and sign in again. */
  onAuthExpired(): void;
  showError(msg: string): void;
  /** Text of fixed client messages (403, network failure). */
  text(key: 'forbidden' | 'network' | 'authExpired'): string;
  loading?(on: boolean): void;
}

/** The user-get call never shows its error (spec §8): its caller decides. */
const SILENT_URLS = ['/micro/basic/v2/open/user/get'];

/**
 * Runs `renew` once for every caller that arrives while it is running: the first failing request starts it,
 * the others wait in the queue and are replayed with the new token when it settles (spec §8).
 */
export function singleFlight(renew: () => Promise<boolean>): () => Promise<boolean> {
  let running: Promise<boolean> | null = null;
  return () => {
    running ??= renew()
      .catch(() => false)
      .finally(() => {
        running = null;
      });
    return running;
  };
}

interface Prepared {
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
  raw?: boolean;
}

export function createHttp(deps: HttpDeps) {
  const renewUser = singleFlight(deps.renewUserToken);
  const renewClient = singleFlight(deps.renewClientToken);
  let pending = 0;

  function headers(p: Prepared): Record<string, string> {
    const h: Record<string, string> = { 'Accept-Language': deps.lang() };
    const tok = deps.token();
    if (tok?.access_token) h.Authorization = `${tok.token_type || 'Bearer'} ${tok.access_token}`;
    const school = deps.schoolId();
    if (school) h.schoolID = school;
    if (p.method === 'POST' && !(p.body instanceof FormData)) h['Content-Type'] = 'application/json';
    return h;
  }

  function send(p: Prepared): Promise<Response> {
    const body =
      p.method === 'GET' || p.body === undefined
        ? undefined
        : p.body instanceof FormData
          ? p.body
          : JSON.stringify(p.body);
    return deps.fetch(p.url, { method: p.method, headers: headers(p), body });
  }

  async function readJson(res: Response): Promise<any> {
    try {
      return await res.json();
    } catch {
      return null;
    }
  }

  /** One attempt plus at most one renewal-and-replay of each kind. */
  async function exchange(p: Prepared, retried: { user?: boolean; client?: boolean } = {}): Promise<Response | any> {
    let res: Response;
    const sentWith = deps.token()?.access_token;
    try {
      res = await send(p);
    } catch {
      throw new ApiError({ code: -1, errorCode: 'NETWORK', msg: deps.text('network'), status: 0 });
    }
    if (res.status === 401) {
      // A renewal that finished while this request was in flight already gave us a new token: just replay.
      const fresh = deps.token()?.access_token;
      if (!retried.user && fresh && fresh !== sentWith) return exchange(p, { ...retried, user: true });
      if (!retried.user && (await renewUser())) return exchange(p, { ...retried, user: true });
      deps.onAuthExpired();
      throw new ApiError({ code: 401, errorCode: 'UNAUTHORIZED', msg: deps.text('authExpired'), status: 401 });
    }
    if (res.status === 403) {
      const j = await readJson(res);
      throw new ApiError({
        code: 403,
        errorCode: j?.errorCode ?? 'FORBIDDEN',
        // 'Change your password first' says what to do, where 'no permission' would not.
        msg: j?.errorCode === 'PASSWORD_CHANGE_REQUIRED' && j.msg ? j.msg : deps.text('forbidden'),
        status: 403,
      });
    }
    if (p.raw && res.ok) {
      const type = res.headers.get('content-type') ?? '';
      if (!type.includes('application/json')) return res;
    }
    const j = await readJson(res);
    if (!res.ok) {
      const msg = j?.errormsg || j?.msg || `HTTP ${res.status}`;
      throw new ApiError({
        code: j?.code ?? res.status,
        errorCode: j?.errorCode,
        msg,
        issues: j?.issues,
        status: res.status,
      });
    }
    if (j && typeof j === 'object' && 'access_token' in j) return j;
    if (j?.code === CODE_CLIENT_TOKEN_INVALID && !retried.client) {
      const fresh = deps.token()?.access_token;
      if (fresh && fresh !== sentWith) return exchange(p, { ...retried, client: true });
      if (await renewClient()) return exchange(p, { ...retried, client: true });
    }
    if (j && (j.code === 0 || j.success === true)) return j.data;
    throw new ApiError({
      code: j?.code ?? -1,
      errorCode: j?.errorCode,
      msg: j?.msg || j?.errormsg || `HTTP ${res.status}`,
      issues: j?.issues,
      status: res.status,
    });
  }

  async function request<T>(p: Prepared, opts: RequestOpts = {}): Promise<T> {
    if (opts.loading && pending++ === 0) deps.loading?.(true);
    try {
      return (await exchange(p)) as T;
    } catch (e) {
      const silent = opts.showError === false || SILENT_URLS.some((u) => p.url.startsWith(u));
      // 401 after a failed renewal already told the user (authorization expired).
      if (!silent && e instanceof ApiError && e.status !== 401 && e.msg) deps.showError(e.msg);
      throw e;
    } finally {
      if (opts.loading && --pending === 0) deps.loading?.(false);
    }
  }

  return {
    post<T = unknown>(url: string, body?: unknown, opts?: RequestOpts): Promise<T> {
      return request<T>({ method: 'POST', url, body }, opts);
    },
    get<T = unknown>(url: string, query?: Record<string, unknown>, opts?: RequestOpts): Promise<T> {
      return request<T>({ method: 'GET', url: withQuery(url, query) }, opts);
    },
    /** A call whose success answer is a file: resolves with the raw Response, or the envelope's data when JSON. */
    fetchFile(method: 'GET' | 'POST', url: string, body?: unknown, opts?: RequestOpts): Promise<Response | unknown> {
      return request<Response | unknown>({ method, url, body, raw: true }, opts);
    },
  };
}

/** antd Form.setFields entries for field issues: dotted paths become name arrays, one entry per field. */
export function issuesToFields(
  issues: FieldIssue[],
  translate: (message: string) => string = (m) => m,
): { name: (string | number)[]; errors: string[] }[] {
  const byField = new Map<string, { name: (string | number)[]; errors: string[] }>();
  for (const issue of issues) {
    const entry = byField.get(issue.path) ?? {
      name: issue.path.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s)),
      errors: [],
    };
    entry.errors.push(translate(issue.message));
    byField.set(issue.path, entry);
  }
  return [...byField.values()];
}

export function withQuery(url: string, query?: Record<string, unknown>): string {
  if (!query) return url;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) for (const x of v) qs.append(k, String(x));
    else qs.append(k, String(v));
  }
  const s = qs.toString();
  return s ? `${url}${url.includes('?') ? '&' : '?'}${s}` : url;
}
