import { z } from 'zod';
import { routeRegistry } from './route.ts';

/** OpenAPI 3.1 description generated from the shared zod contracts of every registered route. */
export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routeRegistry) {
    const op: Record<string, unknown> = {
      summary: r.summary ?? r.url.split('/').slice(-2).join(' '),
      'x-access': r.access,
      responses: { '200': { description: 'Envelope {code, success, msg, data}' } },
    };
    if (r.schema) {
      let schema: unknown;
      try {
        schema = z.toJSONSchema(r.schema, { io: 'input', unrepresentable: 'any' });
      } catch {
        schema = {};
      }
      if (r.method === 'GET') op.parameters = [{ in: 'query', name: 'query', schema, style: 'form', explode: true }];
      else op.requestBody = { content: { 'application/json': { schema } } };
    }
    paths[r.url] ??= {};
    paths[r.url][r.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Shuyuan (书苑) API', version: '0.2.0' },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    security: [{ bearer: [] }],
    paths,
  };
}
