import {
  type AuthorizationSummary,
  type EndSessionResult,
  LanguageBody,
  type PlatConfig,
  RefreshTokenBody,
  TokenByCodeBody,
} from '@shuyuan/contracts/auth/plat';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { P } from '../../config.ts';
import { route } from '../../platform/route.ts';
import { authEnv } from './auth-env.ts';
import { exchangeExternal } from './external.ts';
import { recordLogin } from './login-log.ts';
import { OIDC_MOUNT, type ProviderRegistry } from './oidc-provider.ts';
import { limitRate } from './rate-limit.ts';
import { callbackUri, postLogoutUri, requestOrigin, searchCallbackUri } from './origin.ts';
import { builtInToken, redirectFor } from './token-exchange.ts';
import { API_SCOPE, refreshTokenClient, revokeTokenAndGrant, WEB_CLIENT_ID } from './tokens.ts';
import { appUser } from './user.table.ts';

const WEB_SCOPE = `openid profile offline_access ${API_SCOPE}`;

const bearer = (req: FastifyRequest) => /^bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1]?.trim();

export function registerPlatRoutes(app: FastifyInstance, registry: ProviderRegistry): void {
  route(app, {
    method: 'GET',
    url: `${P}/WebPlat/GetPlatConfig`,
    access: 'public',
    summary: 'How the web app signs in, for the address the browser used',
    handler: ({ req, t }): PlatConfig => {
      const origin = requestOrigin(req);
      const ext = authEnv().external;
      return {
        authority: ext ? ext.issuer : `${origin}${OIDC_MOUNT}`,
        clientId: ext ? ext.clientId : WEB_CLIENT_ID,
        scope: ext ? 'openid profile' : WEB_SCOPE,
        redirectUri: callbackUri(origin),
        searchRedirectUri: searchCallbackUri(origin),
        postLogoutRedirectUri: postLogoutUri(origin),
        external: !!ext,
        captcha: app.config.loginCaptcha,
        appName: t('auth.appName'),
      };
    },
  });

  route(app, {
    method: 'GET',
    url: `${P}/WebPlat/EndSession`,
    access: 'signedIn',
    passwordChange: true,
    summary: "Revokes the caller's tokens and grant; answers the provider's sign-out address",
    handler: async ({ req, db, user }): Promise<EndSessionResult> => {
      const token = bearer(req);
      if (token) await revokeTokenAndGrant(db, token);
      await recordLogin(db, {
        schoolId: user!.homeSchoolId,
        userId: user!.userId,
        userName: user!.name,
        account: user!.account,
        success: true,
        method: 'sign-out',
        ip: req.ip,
        userAgent: req.headers['user-agent'],
      });
      const origin = requestOrigin(req);
      const ext = authEnv().external;
      const params = new URLSearchParams({ post_logout_redirect_uri: postLogoutUri(origin) });
      if (ext) {
        const meta = await fetch(`${ext.issuer}/.well-known/openid-configuration`)
          .then((r) => r.json())
          .catch(() => ({}));
        params.set('client_id', ext.clientId);
        return { url: meta.end_session_endpoint ? `${meta.end_session_endpoint}?${params}` : postLogoutUri(origin) };
      }
      params.set('client_id', WEB_CLIENT_ID);
      return { url: `${origin}${OIDC_MOUNT}/session/end?${params}` };
    },
  });

  route(app, {
    url: `${P}/WebPlat/GetTokenByCode`,
    access: 'public',
    schema: TokenByCodeBody,
    summary: 'Exchanges an authorization code (built-in or external provider) for tokens',
    handler: async ({ body, req, reply, db }) => {
      await limitRate(db, 'token', { address: req.ip }, reply);
      const origin = requestOrigin(req);
      const { clientId, redirectUri } = redirectFor(body.url, origin);
      const ext = authEnv().external;
      if (ext) {
        const provider = await registry.get(origin);
        return exchangeExternal(db, provider, ext, { code: body.code, redirectUri, codeVerifier: body.codeVerifier });
      }
      return builtInToken(app, origin, {
        grant_type: 'authorization_code',
        code: body.code,
        redirect_uri: redirectUri,
        client_id: clientId,
        code_verifier: body.codeVerifier,
      });
    },
  });

  route(app, {
    url: `${P}/WebPlat/RefreshToken`,
    access: 'public',
    schema: RefreshTokenBody,
    summary: 'New tokens for a refresh token (refresh_token grant)',
    handler: async ({ body, req, reply, db }) => {
      await limitRate(db, 'token', { address: req.ip }, reply);
      return builtInToken(app, requestOrigin(req), {
        grant_type: 'refresh_token',
        refresh_token: body.refreshToken,
        client_id: await refreshTokenClient(db, body.refreshToken),
      });
    },
  });

  route(app, {
    url: `${P}/WebPlat/Authorization`,
    // 'school': the summary is for the school named by schoolID, which the caller must belong to.
    access: 'school',
    summary: "The caller's schools and permission codes in the current school",
    handler: ({ user }): AuthorizationSummary => ({
      userId: user!.userId,
      schoolIds: user!.schoolIds,
      permissions: [...user!.permissions].sort(),
    }),
  });

  route(app, {
    url: `${P}/WebPlat/Language`,
    access: 'signedIn',
    passwordChange: true,
    schema: LanguageBody,
    summary: "Stores the user's language",
    handler: async ({ body, db, user }) => {
      await db.update(appUser).set({ lang: body.lang, updatedAt: new Date() }).where(eq(appUser.id, user!.userId));
      return { lang: body.lang };
    },
  });
}
