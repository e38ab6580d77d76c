import { z } from 'zod';
import { LANGS } from '../common/lang.ts';

/** GET P/WebPlat/GetPlatConfig: how the web app signs in, built for the address the browser used. */
export interface PlatConfig {
  /** OpenID provider (issuer) URL: the built-in `<origin>/oauth2` or an external one. */
  authority: string;
  clientId: string;
  scope: string;
  redirectUri: string;
  searchRedirectUri: string;
  postLogoutRedirectUri: string;
  /** True when an external provider signs users in (no built-in /auth page). */
  external: boolean;
  /** True when the built-in sign-in page must show the picture code. */
  captcha: boolean;
  appName: string;
}

/** Spec §9: a returned code counts as an authorization code only if longer than 20 characters. */
export const MIN_CODE_LENGTH = 21;

export const TokenByCodeBody = z.object({
  code: z.string().trim().min(MIN_CODE_LENGTH, 'auth.token.badCode').max(2000),
  /** The address the code came back to (the callback page); its origin and path pick the redirect URI. */
  url: z.string().trim().min(1, 'validation.required').max(4000),
  /** PKCE verifier of the authorization request. */
  codeVerifier: z.string().trim().min(43).max(128).optional(),
});
export type TokenByCodeBody = z.infer<typeof TokenByCodeBody>;

export const RefreshTokenBody = z.object({ refreshToken: z.string().trim().min(1, 'validation.required').max(2000) });
export type RefreshTokenBody = z.infer<typeof RefreshTokenBody>;

/** What GetTokenByCode and RefreshToken answer (the OAuth token response, trimmed). */
export interface TokenSet {
  token_type: string;
  access_token: string;
  refresh_token?: string;
  expires_in: number;
  id_token?: string;
}

/** GET P/WebPlat/EndSession: the provider's sign-out address to send the browser to. */
export interface EndSessionResult {
  url: string;
}

/** POST P/WebPlat/Authorization: the caller's rights in the current school. */
export interface AuthorizationSummary {
  userId: number;
  schoolIds: number[];
  permissions: string[];
}

export const LanguageBody = z.object({ lang: z.enum(LANGS) });
export type LanguageBody = z.infer<typeof LanguageBody>;
