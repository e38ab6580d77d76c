import { z } from 'zod';
import { zName, zOptRefId, zState, zStateFilter, zText } from '../basic/fields.ts';
import { ResourceListQuery } from '../kit/resource.ts';
import { SIP_CHARSETS } from '../sip2/sip-account.ts';

/**
 * Devices of a school (screen /sys/devices): SIP2 accounts of self-check machines and API clients (desktop
 * shell, kiosks, other programs signing in with client credentials). Secrets are stored hashed.
 */
export const SipAccountForm = z.object({
  login: z
    .string({ error: 'devices.sip.loginRequired' })
    .trim()
    .min(1, 'devices.sip.loginRequired')
    .max(60, 'validation.tooLong')
    .regex(/^[^|\r\n]+$/, 'devices.sip.loginChars'),
  password: z.string().min(6, 'devices.sip.passwordShort').max(60, 'validation.tooLong'),
  locationCode: zText(60),
  charset: z.enum(SIP_CHARSETS).default('utf-8'),
  lang: z.enum(['zh', 'en']).default('zh'),
  enabled: z.boolean().default(true),
});
/** On edit an empty password keeps the current one. */
export const SipAccountUpdate = SipAccountForm.extend({
  id: z.coerce.number().int().positive(),
  password: z.union([z.literal(''), SipAccountForm.shape.password]).default(''),
});
export const SipAccountListQuery = ResourceListQuery.extend({ enabled: z.boolean().optional() });

export const DeviceClientCreate = z.object({
  name: zName('devices.client.nameRequired'),
  /** The account the device acts as (its role decides what it may do); empty = public calls only. */
  userId: zOptRefId,
});
export const DeviceClientUpdate = DeviceClientCreate.extend({ id: z.coerce.number().int().positive(), state: zState });
export const DeviceClientListQuery = ResourceListQuery.extend({ state: zStateFilter });

/** Answer of AddClient / ResetClientSecret: the secret is shown once, only its hash is kept. */
export interface DeviceSecret {
  id: number;
  clientId: string;
  clientSecret: string;
}
export type SipAccountUpdate = z.infer<typeof SipAccountUpdate>;
export type DeviceClientUpdate = z.infer<typeof DeviceClientUpdate>;
