import { OPAC_SIGNED_OUT_KEY } from '../app/constants.ts';

/**
 * Readers sign in from the public site through the same OpenID Connect provider (spec §2 /searchauth, and back
 * at /callbacksearch, which the main app completes before sending the reader on to `returnTo` here). The
 * provider client loads only when a reader asks to sign in.
 */
export async function signInReader(returnTo: string): Promise<void> {
  const m = await import('../app/auth/oidc.ts');
  await m.signIn(returnTo, 'search');
}

/** Signs out everywhere (tokens revoked, provider session ended) and comes back to the public site. */
export async function signOutReader(): Promise<void> {
  sessionStorage.setItem(OPAC_SIGNED_OUT_KEY, '1');
  const m = await import('../app/auth/oidc.ts');
  await m.signOut();
}
