import { OIDC_MOUNT } from './oidc-provider.ts';
import { fromOwnPage, SIGN_OUT_SCRIPT } from './sign-out.ts';

/**
 * The few HTML pages the provider renders itself. The sign-in form is the web app (/library/#/auth);
 * these only cover sign-out and errors, in both languages since we do not know the reader's choice here.
 */

const esc = (s: unknown) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (title: string, body: string) =>
  `<!DOCTYPE html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title><style>body{font-family:system-ui,sans-serif;margin:15vh auto;max-width:28rem;text-align:center;color:#333}a{color:#1677ff}</style></head><body>${body}</body></html>`;

/**
 * Sign-out confirmation. When our own web app sent the browser here, the form is submitted at once (by a script
 * file, not inline); otherwise (a link or form of another site) the user decides with a button.
 */
export async function logoutSource(ctx: any, form: string): Promise<void> {
  const confirm = form.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>');
  const button = '<button form="op.logoutForm" type="submit">退出登录 / Sign out</button>';
  ctx.body = fromOwnPage(ctx)
    ? page(
        '退出登录 / Signing out',
        `${confirm}<p>正在退出登录… / Signing out…</p><p>${button}</p><script src="${OIDC_MOUNT}${SIGN_OUT_SCRIPT}"></script>`,
      )
    : page(
        '退出登录 / Sign out',
        `${confirm}<p>要退出书苑的登录吗？ / Do you want to sign out of Shuyuan?</p><p>${button}</p><p><a href="/library/">保持登录 / Stay signed in</a></p>`,
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
