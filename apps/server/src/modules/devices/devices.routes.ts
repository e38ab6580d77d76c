import { randomBytes } from 'node:crypto';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { P } from '@shuyuan/contracts/common/paths';
import {
  DeviceClientCreate,
  DeviceClientListQuery,
  type DeviceSecret,
  DeviceClientUpdate,
  SipAccountForm,
  SipAccountListQuery,
  SipAccountUpdate,
} from '@shuyuan/contracts/devices/devices';
import { IdBody } from '@shuyuan/contracts/common/envelope';
import { opCode } from '@shuyuan/contracts/kit/resource';
import type { Db } from '../../db/client.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/password.ts';
import { defineResource } from '../../platform/resource/define.ts';
import { route } from '../../platform/route.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { sipAccount } from '../../sip2/sip-account.table.ts';
import { oauthClient } from '../auth/oauth-client.table.ts';
import { appUser } from '../auth/user.table.ts';

export const DEVICES = 'sys.devices';

/** The account a device acts as must be a staff account of the same school. */
async function checkActingUser(db: Db, scope: Scope, t: (key: string) => string, userId: number | null | undefined) {
  if (!userId) return;
  const [u] = await db
    .select({ id: appUser.id })
    .from(appUser)
    .where(scope.where(appUser, eq(appUser.id, userId), eq(appUser.identity, 'staff')))
    .limit(1);
  if (!u) throw invalid([{ path: 'userId', message: t('devices.client.userUnknown') }]);
}

async function newSecret(): Promise<{ secret: string; hash: string }> {
  const secret = randomBytes(24).toString('base64url');
  return { secret, hash: await hashPassword(secret) };
}

export function devicesRoutes(app: FastifyInstance): void {
  defineResource(app, {
    area: 'Device',
    entity: 'SipAccount',
    table: sipAccount,
    permission: DEVICES,
    audit: 'sipAccount',
    contracts: { create: SipAccountForm, update: SipAccountUpdate, list: SipAccountListQuery },
    search: [sipAccount.login, sipAccount.locationCode],
    filters: (q) => [q.enabled === undefined ? undefined : eq(sipAccount.enabled, q.enabled)],
    orderBy: [asc(sipAccount.login)],
    // Logins are unique across schools (a 93 login names no school): the index reports another school's login too.
    unique: [
      {
        field: 'login',
        labelKey: 'devices.sip.login',
        columns: [sipAccount.login],
        constraint: 'sip_account_login_uq',
      },
    ],
    toValues: async ({ input }) => {
      const { id: _id, password, ...rest } = input as SipAccountUpdate & { id?: number };
      return { ...rest, ...(password ? { passwordHash: await hashPassword(password) } : {}), updatedAt: new Date() };
    },
    toDto: ({ passwordHash: _h, ...row }) => row,
  });

  defineResource(app, {
    area: 'Device',
    entity: 'Client',
    table: oauthClient,
    permission: DEVICES,
    audit: 'deviceClient',
    contracts: { create: DeviceClientCreate, update: DeviceClientUpdate, list: DeviceClientListQuery },
    search: [oauthClient.name, oauthClient.clientId],
    filters: (q) => [q.state === undefined ? undefined : eq(oauthClient.state, q.state)],
    orderBy: [asc(oauthClient.id)],
    // Adding answers the secret once: a hand-written route below.
    routes: { add: false },
    hooks: {
      beforeSave: async ({ ctx, db, input }) =>
        checkActingUser(db, ctx.scope, ctx.t, (input as DeviceClientUpdate).userId),
    },
    toDto: async ({ secretHash: _h, ...row }, ctx) => {
      if (!row.userId) return { ...row, userName: '' };
      const [u] = await ctx.db
        .select({ name: appUser.name, account: appUser.account })
        .from(appUser)
        .where(eq(appUser.id, row.userId))
        .limit(1);
      return { ...row, userName: u ? `${u.name} (${u.account})` : '' };
    },
  });

  route(app, {
    url: `${P}/Device/AddClient`,
    access: opCode(DEVICES, 'add'),
    schema: DeviceClientCreate,
    audit: 'deviceClient.add',
    handler: async ({ body, db, scope, t }): Promise<DeviceSecret> => {
      await checkActingUser(db, scope, t, body.userId);
      const clientId = `device-${randomBytes(6).toString('hex')}`;
      const { secret, hash } = await newSecret();
      const [row] = await db
        .insert(oauthClient)
        .values(scope.values({ clientId, name: body.name, userId: body.userId ?? null, secretHash: hash }))
        .returning({ id: oauthClient.id });
      return { id: row.id, clientId, clientSecret: secret };
    },
  });

  route(app, {
    url: `${P}/Device/ResetClientSecret`,
    access: opCode(DEVICES, 'edit'),
    schema: IdBody,
    audit: 'deviceClient.resetSecret',
    handler: async ({ body, db, scope }): Promise<DeviceSecret> => {
      const { secret, hash } = await newSecret();
      const [row] = await db
        .update(oauthClient)
        .set({ secretHash: hash })
        .where(scope.where(oauthClient, eq(oauthClient.id, body.id)))
        .returning({ id: oauthClient.id, clientId: oauthClient.clientId });
      if (!row) throw notFound();
      return { id: row.id, clientId: row.clientId, clientSecret: secret };
    },
  });

  /** Staff accounts a device may act as (the select of the client form). */
  route(app, {
    url: `${P}/Device/GetActingUsers`,
    access: DEVICES,
    handler: async ({ db, scope }) => ({
      List: await db
        .select({ id: appUser.id, name: appUser.name, account: appUser.account })
        .from(appUser)
        .where(and(scope.where(appUser, eq(appUser.identity, 'staff')), ne(appUser.state, 0)))
        .orderBy(asc(appUser.account))
        .limit(500),
    }),
  });
}
