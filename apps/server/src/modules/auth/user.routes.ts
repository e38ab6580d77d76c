import { SchoolByCodeBody, SchoolLoginBody, UpdatePasswordBody } from '@shuyuan/contracts/auth/user';
import type { FastifyInstance } from 'fastify';
import { P } from '../../config.ts';
import { ok } from '../../platform/envelope.ts';
import { route } from '../../platform/route.ts';
import { limitRate } from './rate-limit.ts';
import { assertMember, changePassword, readerProfile, schoolByCode, schoolsOf, sessionUser } from './user.service.ts';

export function registerUserRoutes(app: FastifyInstance): void {
  route(app, {
    url: `${P}/sys/SchoolLoginToken`,
    access: 'signedIn',
    schema: SchoolLoginBody,
    summary: 'Switch unit: the school to send as schoolID from now on (tokens are not per school)',
    handler: async ({ body, db, user }) => {
      assertMember(user!, body.schoolId);
      const [s] = await schoolsOf(db, [body.schoolId]);
      return { ...s, schoolID: s.id };
    },
  });

  route(app, {
    url: `${P}/Readers/GetReadersInfo`,
    access: 'signedIn',
    summary: "The signed-in reader's own profile",
    handler: ({ db, user }) => readerProfile(db, user!.userId),
  });

  route(app, {
    url: `${P}/Organiza/GetSchoolByCode`,
    access: 'public',
    schema: SchoolByCodeBody,
    summary: 'A school by its code (sign-in page, public search)',
    handler: ({ body, db }) => schoolByCode(db, body.code),
  });

  route(app, {
    method: 'GET',
    url: '/micro/basic/v2/open/user/get',
    access: 'signedIn',
    passwordChange: true,
    summary: 'The user info the web app keeps in its session (mustChangePassword: only the password change answers)',
    handler: ({ db, user, schoolId }) => sessionUser(db, user!, schoolId),
  });

  route(app, {
    url: '/micro/basic/open/user/updatePassword',
    access: 'signedIn',
    schema: UpdatePasswordBody,
    audit: 'user.password',
    passwordChange: true,
    raw: true,
    summary: "Changes the caller's password and signs them out everywhere",
    handler: async ({ body, db, req, reply, user, t }) => {
      await limitRate(db, 'password', { address: req.ip, account: `user:${user!.userId}` }, reply);
      await changePassword(db, user!.userId, body, t);
      // The envelope's msg is what the user sees: 'Password is changed, please log in again' (spec §8).
      return ok(null, t('auth.password.changed'));
    },
  });
}
