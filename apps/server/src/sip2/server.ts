import net from 'node:net';
import { SIP2_LIMITS } from '@shuyuan/contracts/sip2/sip-account';
import type { FastifyInstance } from 'fastify';
import { type CirculationPort, registeredCirculationPort } from './port.ts';
import { SipSession } from './session.ts';
import { Sip2LogWriter } from './sip2-log.ts';
import { sip2Connections } from '../platform/metrics.ts';
import './sip2.messages.ts';

export interface Sip2Options {
  /** 0 picks a free port (tests); the module passes config.sip2Port and skips the server when that is 0. */
  port: number;
  host?: string;
  idleTimeoutMs?: number;
  maxLineBytes?: number;
  maxRetries?: number;
  maxLoginFailures?: number;
  /** The circulation service; default: the one registered by the circulation module (looked up per message). */
  circulation?: CirculationPort;
}

export interface Sip2Server {
  port: number;
  /** Stops listening, closes every connection and waits for pending log writes. */
  close(): Promise<void>;
}

/** Node closes connections beyond this at once: a school has a handful of machines, not hundreds. */
const MAX_CONNECTIONS = 256;

/** Starts the SIP2 listener for self-check machines: one SipSession per TCP connection. */
export async function startSip2Server(app: FastifyInstance, opts: Sip2Options): Promise<Sip2Server> {
  const onError = (e: unknown) => app.log.error({ err: e }, 'sip2 error');
  const log = new Sip2LogWriter(app.database.db, onError);
  const sockets = new Set<net.Socket>();
  const sessions = new Map<net.Socket, SipSession>();
  const deps = {
    db: app.database.db,
    log,
    timeZone: app.config.timeZone,
    idleTimeoutMs: opts.idleTimeoutMs ?? SIP2_LIMITS.idleTimeoutMs,
    maxLineBytes: opts.maxLineBytes ?? SIP2_LIMITS.maxLineBytes,
    maxRetries: opts.maxRetries ?? SIP2_LIMITS.maxRetries,
    maxLoginFailures: opts.maxLoginFailures ?? SIP2_LIMITS.maxLoginFailures,
    circulation: () => opts.circulation ?? registeredCirculationPort(),
    onError,
  };
  const server = net.createServer((socket) => {
    sockets.add(socket);
    sip2Connections.open++;
    socket.on('close', () => {
      sip2Connections.open--;
      sockets.delete(socket);
      sessions.delete(socket);
    });
    try {
      sessions.set(socket, new SipSession(socket, deps));
    } catch (e) {
      onError(e);
      socket.destroy();
    }
  });
  server.maxConnections = MAX_CONNECTIONS;
  server.on('error', onError);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host ?? app.config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of sockets) s.destroy();
      await closed;
      await log.flush();
    },
  };
}
