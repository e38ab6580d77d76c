/**
 * The few HTML pages the provider renders itself. The sign-in form is the web app (/library/#/auth);
 * these only cover sign-out and errors, in both languages since we do not know the reader's choice here.
 */
const esc = (s: unknown) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (title: string, body: string) =>
  `<!DOCTYPE html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title><style>body{font-family:system-ui,sans-serif;margin:15vh auto;max-width:28rem;text-align:center;color:#333}a{color:#1677ff}</style></head><body>${body}</body></html>`;

/** Sign-out confirmation: the web app is first-party, so the form is submitted straight away. */
export async function logoutSource(ctx: any, form: string): Promise<void> {
  ctx.body = page(
    '退出登录 / Signing out',
    `${form}<p>正在退出登录… / Signing out…</p><noscript><button form="op.logoutForm" type="submit" name="logout" value="yes">退出 / Sign out</button></noscript><script>var f=document.getElementById('op.logoutForm');var i=document.createElement('input');i.type='hidden';i.name='logout';i.value='yes';f.appendChild(i);f.submit();</script>`,
  );
}

export async function postLogoutSuccessSource(ctx: any): Promise<void> {
  ctx.body = page(
    '已退出 / Signed out',
    '<p>您已退出登录。 / You are signed out.</p><p><a href="/library/">书苑 Shuyuan</a></p>',
  );
}

export async function renderError(ctx: any, out: Record<string, unknown>): Promise<void> {
  ctx.type = 'html';
  ctx.body = page(
    '登录出错 / Sign-in error',
    `<h2>登录出错 / Sign-in error</h2><p>${esc(out.error_description ?? out.error)}</p><p><a href="/library/">返回首页 / Back to the start page</a></p>`,
  );
}
