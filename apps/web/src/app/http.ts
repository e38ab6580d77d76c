import type { FormInstance } from 'antd';
import i18n from '../i18n/index.ts';
import { currentSchoolHeader, getSession } from './auth/session.ts';
import { ApiError, createHttp, issuesToFields, type RequestOpts } from './http-core.ts';
import { notify, setGlobalLoading } from './notify.ts';

export { ApiError, type RequestOpts };

let expiredShown = false;

// Token renewal is needed only after a 401 / 99998, never by a public page: fetched then.
const renew = () => import('./auth/renew.ts');

/**
 * THE HTTP client of the web app (spec §7, §8). Every screen calls `api.post(url, body, opts)` /
 * `api.get(url, query, opts)` with full paths (`${P}/Basic/GetBranchList`); the promise resolves with the
 * envelope's `data` and rejects with an ApiError after showing its msg for 2 seconds (unless showError:false).
 */
const core = createHttp({
  fetch: (input, init) => fetch(input, init),
  token: () => getSession().token,
  schoolId: currentSchoolHeader,
  lang: () => i18n.language || 'zh',
  // A renewal whose code cannot be fetched failed, like one whose request failed.
  renewUserToken: () =>
    renew().then(
      (m) => m.renewUserToken(),
      () => false,
    ),
  renewClientToken: () =>
    renew().then(
      (m) => m.renewClientToken(),
      () => false,
    ),
  onAuthExpired: () => {
    // Many queued requests fail together: one message, one sign-in.
    if (expiredShown) return;
    expiredShown = true;
    notify.error(i18n.t('app.http.authExpired'));
    void import('./auth/oidc.ts').then((m) => m.signOutLocal(true));
  },
  showError: (msg) => notify.error(msg),
  text: (k) => i18n.t(`app.http.${k}`),
  loading: (on) => setGlobalLoading(on, i18n.t('common.loading')),
});

export const api = {
  post: core.post,
  get: core.get,
  /**
   * Downloads a file answer (POST with body, GET without) and saves it. An envelope answer whose data is a
   * URL (or {url}/{ResultFile}) is fetched with the token and saved too.
   */
  async download(url: string, body?: unknown, opts?: RequestOpts & { fileName?: string }): Promise<void> {
    const r = await core.fetchFile(body === undefined ? 'GET' : 'POST', url, body, opts);
    if (r instanceof Response) return saveResponse(r, opts?.fileName);
    const link = typeof r === 'string' ? r : ((r as any)?.url ?? (r as any)?.ResultFile);
    if (typeof link === 'string' && link) return downloadUrl(link, opts?.fileName);
  },
};

/** GETs a file URL with the token (result files are protected) and saves it. */
export async function downloadUrl(url: string, fileName?: string): Promise<void> {
  const r = await core.fetchFile('GET', url);
  if (r instanceof Response) await saveResponse(r, fileName);
}

/**
 * A private upload (reader photo, screenshot: /files/uploads/<school>/<month>/…) fetched with the token, as an
 * object URL an <img> can show; undefined when it cannot be read. Public images need no such detour.
 */
export async function fetchFileObjectUrl(url: string): Promise<string | undefined> {
  try {
    const r = await core.fetchFile('GET', url, undefined, { showError: false });
    return r instanceof Response ? URL.createObjectURL(await r.blob()) : undefined;
  } catch {
    return undefined;
  }
}

async function saveResponse(r: Response, fileName?: string): Promise<void> {
  const blob = await r.blob();
  const cd = r.headers.get('content-disposition') ?? '';
  const m = /filename\*=UTF-8''([^;]+)|filename="?([^";]+)"?/i.exec(cd);
  const name = fileName || (m ? decodeURIComponent(m[1] ?? m[2]) : 'download');
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

/**
 * Puts an ApiError's field issues under the matching antd Form fields (conventions: every field issue, not
 * one toast). Paths are dotted (`items.0.barcode`). Returns true when at least one issue was placed.
 */
export function fieldErrors(form: FormInstance, err: unknown): boolean {
  if (!(err instanceof ApiError) || !err.issues?.length) return false;
  form.setFields(issuesToFields(err.issues, (m) => (i18n.exists(m) ? i18n.t(m) : m)));
  return true;
}
