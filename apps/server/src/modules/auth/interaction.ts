import { LoginError } from '@shuyuan/contracts/auth/login';
import { fail } from '../../platform/errors.ts';
import { API_SCOPE } from './tokens.ts';

const GRANTABLE = new Set(['openid', 'profile', 'offline_access', API_SCOPE]);

/** The pending sign-in `uid` (from /library/#/auth?uid=…), or SESSION_EXPIRED. */
export async function findInteraction(provider: any, uid: string) {
  const interaction = await provider.Interaction.find(uid);
  if (!interaction || interaction.result) throw fail(LoginError.SESSION_EXPIRED, 'auth.login.sessionExpired');
  return interaction;
}

/**
 * Finishes the provider's interaction for a verified user: the login, and consent for the scopes the web
 * app asked for (it is first-party, so no consent screen). Returns where the browser resumes; the provider
 * then checks its resume cookie, so only the browser that started the sign-in can complete it.
 */
export async function finishInteraction(provider: any, interaction: any, userId: number): Promise<string> {
  const accountId = String(userId);
  const clientId = interaction.params.client_id;
  let grant = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
  if (grant && grant.accountId !== accountId) grant = undefined;
  grant ??= new provider.Grant({ accountId, clientId });
  const scopes = String(interaction.params.scope ?? '')
    .split(' ')
    .filter((s: string) => GRANTABLE.has(s));
  if (scopes.length) grant.addOIDCScope(scopes.join(' '));
  const grantId = await grant.save();
  interaction.result = { login: { accountId, remember: true }, consent: { grantId } };
  await interaction.save(interaction.exp - Math.floor(Date.now() / 1000));
  return interaction.returnTo;
}
