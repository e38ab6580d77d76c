import type { ServerModule } from '../modules/index.ts';
import { startSip2Server } from './server.ts';

/**
 * The SIP2 listener on config.sip2Port (SIP2_PORT, default 6001; 0 turns it off). SIP2_IDLE_SECONDS overrides the
 * idle timeout (read here rather than in config.ts: only this listener uses it).
 */
export const sip2Module: ServerModule = {
  name: 'sip2',
  start: async (app) => {
    if (!app.config.sip2Port) return undefined;
    const idle = Number(process.env.SIP2_IDLE_SECONDS);
    try {
      const server = await startSip2Server(app, {
        port: app.config.sip2Port,
        idleTimeoutMs: idle > 0 ? idle * 1000 : undefined,
      });
      app.log.info(`SIP2 listening on port ${server.port}`);
      return server.close;
    } catch (e) {
      // The web back office must not go down because the self-check port is taken: say so and carry on.
      console.error(
        `SIP2 listener not started on port ${app.config.sip2Port}: ${(e as Error).message}. Set SIP2_PORT to a free port, or 0 to turn it off.`,
      );
      return undefined;
    }
  },
};
