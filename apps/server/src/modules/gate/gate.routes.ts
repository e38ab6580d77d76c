import { P } from '@shuyuan/contracts/common/paths';
import { CardScanBody, CheckTagsBody, GatePassesBody } from '@shuyuan/contracts/statistics/gate';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.ts';
import { cardScan, checkTags, recordPasses } from './gate.service.ts';

/**
 * The entrance's device API: gate hardware and entrance screens sign in as device clients (client credentials,
 * /sys/devices) and report for their own school; no person's token opens these.
 */
export function gateRoutes(app: FastifyInstance): void {
  route(app, {
    url: `${P}/Gate/PostPasses`,
    access: 'device',
    schema: GatePassesBody,
    summary: 'Gate hardware: people counted passing in or out (with the card read, if any), up to 500 a call',
    handler: ({ db, scope, body, deviceClientId, t }) =>
      recordPasses(db, scope, body, { clientId: deviceClientId!, t }),
  });
  route(app, {
    url: `${P}/Gate/CardScan`,
    access: 'device',
    schema: CardScanBody,
    summary: "Entrance screen: a reader's card scanned on entry (or exit); answers who it is",
    handler: ({ db, scope, body, deviceClientId, t }) => cardScan(db, scope, body, { clientId: deviceClientId!, t }),
  });
  route(app, {
    url: `${P}/Gate/CheckTags`,
    access: 'device',
    schema: CheckTagsBody,
    summary: 'Security gate: copies read passing the gate; a copy not on loan is an alarm (recorded)',
    handler: ({ db, scope, body, deviceClientId, t }) => checkTags(db, scope, body, { clientId: deviceClientId!, t }),
  });
}
