import { describe, expect, it, vi } from 'vitest';
import { ApiError, createHttp, type HttpDeps, issuesToFields, type Token } from './http-core.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ok = (data: unknown) => json(200, { code: 0, success: true, msg: '', data });

/** A fake server: answers 401 / 99998 unless the request carries the currently valid token. */
function setup(opts: { validUser?: string; renewOk?: boolean; clientMode?: boolean; renewDelay?: number } = {}) {
  let token: Token | null = { access_token: 'old', token_type: 'Bearer' };
  let valid = opts.validUser ?? 'new';
  const seen: string[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const h = init.headers as Record<string, string>;
    seen.push(`${url} ${h.Authorization}`);
    if (h.Authorization !== `Bearer ${valid}`) {
      return opts.clientMode
        ? json(200, { code: 99998, success: false, msg: 'token expired' })
        : json(401, { code: 401, success: false, msg: 'x' });
    }
    return ok({ url, body: init.body ? JSON.parse(String(init.body)) : null });
  });
  const renew = vi.fn(async () => {
    await new Promise((r) => setTimeout(r, opts.renewDelay ?? 20));
    if (opts.renewOk === false) return false;
    token = { access_token: 'new', token_type: 'Bearer' };
    return true;
  });
  const deps: HttpDeps = {
    fetch: fetchMock as unknown as typeof fetch,
    token: () => token,
    schoolId: () => '7',
    lang: () => 'en',
    renewUserToken: opts.clientMode ? vi.fn(async () => false) : renew,
    renewClientToken: opts.clientMode ? renew : vi.fn(async () => false),
    onAuthExpired: vi.fn(),
    showError: vi.fn(),
    text: (k) => `text:${k}`,
  };
  return { http: createHttp(deps), deps, fetchMock, renew, seen, setValid: (v: string) => (valid = v) };
}

describe('http client: renewal queue (spec §8)', () => {
  it('renews the user token once for concurrent 401s and replays every request with the new token', async () => {
    const { http, renew, seen } = setup();
    const results = await Promise.all([
      http.post<{ url: string }>('/a', { n: 1 }),
      http.post<{ url: string }>('/b', { n: 2 }),
      http.get<{ url: string }>('/c', { q: 'x y' }),
    ]);
    expect(renew).toHaveBeenCalledTimes(1);
    expect(results.map((r) => r.url)).toEqual(['/a', '/b', '/c?q=x+y']);
    expect(seen.filter((s) => s.endsWith('Bearer new'))).toHaveLength(3);
    expect((results[1] as any).body).toEqual({ n: 2 });
  });

  it('on a failed renewal rejects every waiting request with 401 and signs in again', async () => {
    const { http, renew, deps } = setup({ renewOk: false });
    const all = await Promise.allSettled([http.post('/a'), http.post('/b')]);
    expect(renew).toHaveBeenCalledTimes(1);
    for (const r of all) {
      expect(r.status).toBe('rejected');
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(ApiError);
      expect((r as PromiseRejectedResult).reason.status).toBe(401);
    }
    expect(deps.onAuthExpired).toHaveBeenCalled();
    expect(deps.showError).not.toHaveBeenCalled();
  });

  it('renews only once per request even if the replay fails again', async () => {
    const { http, renew, setValid } = setup();
    setValid('never');
    await expect(http.post('/a')).rejects.toMatchObject({ status: 401 });
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it('a second wave of 401s after the renewal finished starts a new renewal', async () => {
    const { http, renew, setValid } = setup();
    await http.post('/a');
    setValid('newer');
    renew.mockImplementation(async () => false);
    await expect(http.post('/b')).rejects.toBeInstanceOf(ApiError);
    expect(renew).toHaveBeenCalledTimes(2);
  });

  it('code 99998 renews the client-credentials token once and replays', async () => {
    const { http, renew, seen } = setup({ clientMode: true });
    const r = await Promise.all([http.post<{ url: string }>('/x'), http.post<{ url: string }>('/y')]);
    expect(renew).toHaveBeenCalledTimes(1);
    expect(r.map((x) => x.url)).toEqual(['/x', '/y']);
    expect(seen).toHaveLength(4);
  });
});

describe('http client: envelope and errors', () => {
  it('sends Authorization, schoolID and Accept-Language headers', async () => {
    const { http, fetchMock } = setup({ validUser: 'old' });
    await http.post('/a', { k: 1 });
    const h = fetchMock.mock.calls[0][1].headers as Record<string, string>;
    expect(h).toMatchObject({ Authorization: 'Bearer old', schoolID: '7', 'Accept-Language': 'en' });
  });

  it('shows the server msg and rejects with code, errorCode and issues', async () => {
    const { http, deps, fetchMock } = setup({ validUser: 'old' });
    const issues = [{ path: 'name', message: 'Required' }];
    fetchMock.mockResolvedValueOnce(
      json(200, { code: 1, success: false, msg: 'Bad name', errorCode: 'VALIDATION', issues }),
    );
    const err = await http.post('/a').catch((e) => e);
    expect(err).toMatchObject({ code: 1, errorCode: 'VALIDATION', msg: 'Bad name', issues, status: 200 });
    expect(deps.showError).toHaveBeenCalledWith('Bad name');
  });

  it('does not show the error when showError is false or for the user-get call', async () => {
    const { http, deps, fetchMock } = setup({ validUser: 'old' });
    fetchMock.mockResolvedValue(json(200, { code: 1, success: false, msg: 'nope' }));
    await expect(http.post('/a', {}, { showError: false })).rejects.toBeInstanceOf(ApiError);
    await expect(http.get('/micro/basic/v2/open/user/get')).rejects.toBeInstanceOf(ApiError);
    expect(deps.showError).not.toHaveBeenCalled();
  });

  it('403 shows "no operation permission"; other HTTP errors show errormsg', async () => {
    const { http, deps, fetchMock } = setup({ validUser: 'old' });
    fetchMock.mockResolvedValueOnce(json(403, { code: 403, msg: 'forbidden' }));
    await expect(http.post('/a')).rejects.toMatchObject({ status: 403 });
    expect(deps.showError).toHaveBeenLastCalledWith('text:forbidden');
    fetchMock.mockResolvedValueOnce(json(500, { code: 500, errormsg: 'Server broke (id 1)' }));
    await expect(http.post('/a')).rejects.toMatchObject({ status: 500 });
    expect(deps.showError).toHaveBeenLastCalledWith('Server broke (id 1)');
  });

  it('403 PASSWORD_CHANGE_REQUIRED shows the server message (change the password first)', async () => {
    const { http, deps, fetchMock } = setup({ validUser: 'old' });
    const msg = 'Your password was set by someone else: please change it before going on';
    fetchMock.mockResolvedValueOnce(json(403, { code: 1, msg, errorCode: 'PASSWORD_CHANGE_REQUIRED' }));
    await expect(http.post('/a')).rejects.toMatchObject({ status: 403, errorCode: 'PASSWORD_CHANGE_REQUIRED', msg });
    expect(deps.showError).toHaveBeenLastCalledWith(msg);
  });

  it('returns a token response as is and accepts success:true', async () => {
    const { http, fetchMock } = setup({ validUser: 'old' });
    fetchMock.mockResolvedValueOnce(json(200, { access_token: 'abc', token_type: 'Bearer' }));
    expect(await http.post('/t')).toEqual({ access_token: 'abc', token_type: 'Bearer' });
    fetchMock.mockResolvedValueOnce(json(200, { code: 5, success: true, data: [1] }));
    expect(await http.post('/t')).toEqual([1]);
  });
});

describe('field issues for forms', () => {
  it('groups issues per field and turns dotted paths into antd name paths', () => {
    const fields = issuesToFields(
      [
        { path: 'name', message: 'validation.required' },
        { path: 'items.0.barcode', message: 'Duplicate' },
        { path: 'name', message: 'Too long' },
      ],
      (m) => (m === 'validation.required' ? 'Required' : m),
    );
    expect(fields).toEqual([
      { name: ['name'], errors: ['Required', 'Too long'] },
      { name: ['items', 0, 'barcode'], errors: ['Duplicate'] },
    ]);
  });
});
