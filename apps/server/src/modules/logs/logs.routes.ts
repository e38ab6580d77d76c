import { LOG_CODES, LogListQuery } from '@shuyuan/contracts/logs/log';
import { gte, ilike, lt, or, type SQL, eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorLog, operationLog } from '../../platform/audit.table.ts';
import { defineResource } from '../../platform/resource/define.ts';
import { likePattern } from '../../platform/resource/query.ts';
import { loginLog } from '../auth/login-log.table.ts';
import { sip2Log } from './sip2-log.table.ts';

// Logs are read-only: the screens list, show one row and export; nobody adds, edits or deletes.
const READ_ONLY = { add: false, update: false, delete: false } as const;
const NoWrite = z.object({ id: z.number() });
const iso = (d: Date) => d.toISOString();

function range(col: PgColumn, q: LogListQuery): (SQL | undefined)[] {
  return [
    q.StartTime ? gte(col, new Date(q.StartTime)) : undefined,
    q.EndTime ? lt(col, new Date(q.EndTime)) : undefined,
  ];
}
const contains = (key: string | undefined, ...cols: PgColumn[]) =>
  key ? or(...cols.map((c) => ilike(c, likePattern(key)))) : undefined;

export function logRoutes(app: FastifyInstance): void {
  const contracts = { create: NoWrite, update: NoWrite, list: LogListQuery };

  defineResource(app, {
    area: 'Log',
    entity: 'OperationLog',
    table: operationLog,
    permission: LOG_CODES.operation,
    audit: 'log.operation',
    contracts,
    routes: READ_ONLY,
    search: [operationLog.account, operationLog.userName, operationLog.action, operationLog.path],
    filters: (q) => [
      ...range(operationLog.createdAt, q),
      contains(q.Account, operationLog.account, operationLog.userName),
      contains(q.Action, operationLog.action, operationLog.path),
    ],
    toDto: (r) => ({ ...r, createdAt: iso(r.createdAt) }),
    export: {
      fileNameKey: 'log.operation.file',
      columns: [
        { labelKey: 'log.col.time', value: (d) => d.createdAt, width: 22 },
        { labelKey: 'log.col.account', value: (d) => d.account },
        { labelKey: 'log.col.userName', value: (d) => d.userName },
        { labelKey: 'log.col.action', value: (d) => d.action, width: 24 },
        { labelKey: 'log.col.path', value: (d) => d.path, width: 40 },
        { labelKey: 'log.col.detail', value: (d) => JSON.stringify(d.detail ?? {}), width: 50 },
        { labelKey: 'log.col.ip', value: (d) => d.ip },
      ],
    },
  });

  defineResource(app, {
    area: 'Log',
    entity: 'ErrorLog',
    table: errorLog,
    permission: LOG_CODES.error,
    audit: 'log.error',
    contracts,
    routes: READ_ONLY,
    search: [errorLog.requestId, errorLog.path, errorLog.message],
    filters: (q) => [...range(errorLog.createdAt, q), contains(q.Action, errorLog.path, errorLog.message)],
    toDto: (r) => ({ ...r, createdAt: iso(r.createdAt) }),
    export: {
      fileNameKey: 'log.error.file',
      columns: [
        { labelKey: 'log.col.time', value: (d) => d.createdAt, width: 22 },
        { labelKey: 'log.col.requestId', value: (d) => d.requestId },
        { labelKey: 'log.col.method', value: (d) => d.method, width: 8 },
        { labelKey: 'log.col.path', value: (d) => d.path, width: 40 },
        { labelKey: 'log.col.message', value: (d) => d.message, width: 60 },
      ],
    },
  });

  defineResource(app, {
    area: 'Log',
    entity: 'LoginLog',
    table: loginLog,
    permission: LOG_CODES.login,
    audit: 'log.login',
    contracts,
    routes: READ_ONLY,
    search: [loginLog.account, loginLog.userName, loginLog.ip],
    filters: (q) => [
      ...range(loginLog.createdAt, q),
      contains(q.Account, loginLog.account, loginLog.userName),
      contains(q.Action, loginLog.method),
      q.Success === undefined ? undefined : eq(loginLog.success, q.Success),
    ],
    toDto: (r) => ({ ...r, createdAt: iso(r.createdAt) }),
    export: {
      fileNameKey: 'log.login.file',
      columns: [
        { labelKey: 'log.col.time', value: (d) => d.createdAt, width: 22 },
        { labelKey: 'log.col.account', value: (d) => d.account },
        { labelKey: 'log.col.userName', value: (d) => d.userName },
        { labelKey: 'log.col.success', value: (d, t) => t(d.success ? 'log.yes' : 'log.no'), width: 8 },
        { labelKey: 'log.col.reason', value: (d) => d.reason },
        { labelKey: 'log.col.method', value: (d) => d.method },
        { labelKey: 'log.col.ip', value: (d) => d.ip },
        { labelKey: 'log.col.userAgent', value: (d) => d.userAgent, width: 40 },
      ],
    },
  });

  defineResource(app, {
    area: 'Log',
    entity: 'Sip2Log',
    table: sip2Log,
    permission: LOG_CODES.sip2,
    audit: 'log.sip2',
    contracts,
    routes: READ_ONLY,
    search: [sip2Log.terminal, sip2Log.request, sip2Log.response],
    filters: (q) => [
      ...range(sip2Log.createdAt, q),
      contains(q.Account, sip2Log.terminal),
      q.Action ? eq(sip2Log.command, q.Action) : undefined,
      q.Success === undefined ? undefined : eq(sip2Log.success, q.Success),
    ],
    toDto: (r) => ({ ...r, createdAt: iso(r.createdAt) }),
    export: {
      fileNameKey: 'log.sip2.file',
      columns: [
        { labelKey: 'log.col.time', value: (d) => d.createdAt, width: 22 },
        { labelKey: 'log.col.terminal', value: (d) => d.terminal },
        { labelKey: 'log.col.command', value: (d) => d.command, width: 8 },
        { labelKey: 'log.col.request', value: (d) => d.request, width: 50 },
        { labelKey: 'log.col.response', value: (d) => d.response, width: 50 },
        { labelKey: 'log.col.success', value: (d, t) => t(d.success ? 'log.yes' : 'log.no'), width: 8 },
        { labelKey: 'log.col.durationMs', value: (d) => d.durationMs, width: 10 },
      ],
    },
  });
}
