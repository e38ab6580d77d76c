import { type CaptchaImage, LoginBody, LoginError, type LoginResult } from '@shuyuan/contracts/auth/login';
import type { FastifyInstance } from 'fastify';
import { P } from '../../config.ts';
import { fail, invalid } from '../../platform/errors.ts';
import { route } from '../../platform/route.ts';
import { checkCaptcha, createCaptcha } from './captcha.service.ts';
import { finishInteraction, findInteraction } from './interaction.ts';
import { recordLogin } from './login-log.ts';
import { authenticate, failedLately } from './login.service.ts';
import type { ProviderRegistry } from './oidc-provider.ts';
import { requestOrigin } from './origin.ts';
import { limitRate } from './rate-limit.ts';

export function registerLoginRoutes(app: FastifyInstance, registry: ProviderRegistry): void {
  route(app, {
    method: 'GET',
    url: `${P}/Home/ImageCaptCha`,
    access: 'public',
    summary: 'A new sign-in picture code (the answer stays on the server for 5 minutes, one use)',
    handler: async ({ db, req, reply }): Promise<CaptchaImage> => {
      await limitRate(db, 'captcha', { address: req.ip }, reply);
      reply.header('cache-control', 'no-store');
      return createCaptcha(db);
    },
  });

  route(app, {
    url: `${P}/Home/Login`,
    access: 'public',
    schema: LoginBody,
    summary: 'Signs in with account and password and finishes the pending OpenID sign-in',
    handler: async ({ body, db, req, reply, t }): Promise<LoginResult> => {
      await limitRate(db, 'signIn', { address: req.ip, account: body.account }, reply);
      const client = { ip: req.ip, userAgent: req.headers['user-agent'] };
      if (app.config.loginCaptcha || (await failedLately(db, body.account, req.ip))) {
        if (!body.captcha || !body.captchaId) {
          throw invalid([{ path: 'captcha', message: t('auth.login.captchaRequired') }]);
        }
        if (!(await checkCaptcha(db, body.captchaId, body.captcha))) {
          await recordLogin(db, { account: body.account, success: false, reason: 'BAD_CAPTCHA', ...client });
          throw fail(LoginError.CAPTCHA_INVALID, 'auth.login.captchaInvalid');
        }
      }
      const provider = await registry.get(requestOrigin(req));
      const interaction = await findInteraction(provider, body.uid);
      const user = await authenticate(db, { ...body, ...client });
      return { redirectTo: await finishInteraction(provider, interaction, user.id) };
    },
  });
}
