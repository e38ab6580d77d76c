import { z } from 'zod';
import { ResourceListQuery } from '../kit/resource.ts';

/** Shared filters of the log screens (read-only lists): a time range and a success flag. */
const when = z.iso.datetime({ offset: true }).optional();
export const LogListQuery = ResourceListQuery.extend({
  /** Events at or after / before these instants (the browser sends its day boundaries as ISO). */
  StartTime: when,
  EndTime: when,
  /** Account or user name (contains). */
  Account: z.string().trim().max(100).optional(),
  /** Action name or path (contains), or the SIP2 command. */
  Action: z.string().trim().max(200).optional(),
  Success: z.boolean().optional(),
});
export type LogListQuery = z.infer<typeof LogListQuery>;

export interface OperationLogDto {
  id: number;
  userId: number | null;
  account: string | null;
  userName: string | null;
  action: string;
  path: string;
  detail: unknown;
  ip: string | null;
  requestId: string | null;
  createdAt: string;
}

export interface ErrorLogDto {
  id: number;
  userId: number | null;
  requestId: string;
  method: string;
  path: string;
  message: string;
  stack: string | null;
  createdAt: string;
}

export interface LoginLogDto {
  id: number;
  userId: number | null;
  account: string;
  userName: string | null;
  success: boolean;
  reason: string | null;
  method: string;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
}

/** One SIP2 exchange with a self-check machine (written by the SIP2 listener). */
export interface Sip2LogDto {
  id: number;
  terminal: string | null;
  /** Message identifier, e.g. '11' checkout, '09' checkin, '63' patron information. */
  command: string;
  request: string;
  response: string | null;
  success: boolean;
  ip: string | null;
  durationMs: number | null;
  createdAt: string;
}

/** Screen permission codes (route path, see docs/developing.md). */
export const LOG_CODES = {
  operation: 'sys.log.operation',
  error: 'sys.log.error',
  login: 'sys.log.login',
  sip2: 'sys.log.sip2',
} as const;
