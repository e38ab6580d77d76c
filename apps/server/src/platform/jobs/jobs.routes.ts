import fs from 'node:fs';
import path from 'node:path';
import { P } from '@shuyuan/contracts/common/paths';
import { DOWNLOAD_JOB_FILE_PATH, ProgressListQuery, ProgressQuery } from '@shuyuan/contracts/jobs/job';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../errors.ts';
import { contentDisposition, contentType, statFile } from '../files/files.ts';
import { route } from '../route.ts';
import { stopLive } from './runtime.ts';
import { getVisibleJob, listJobs, stopJob, toView } from './jobs.service.ts';

export function jobRoutes(app: FastifyInstance): void {
  route(app, {
    url: `${P}/Config/GetProgress`,
    access: 'school',
    schema: ProgressQuery,
    summary: 'One background task (polled every second while it runs)',
    poll: true,
    handler: async ({ db, scope, user, body, t }) => toView(await getVisibleJob(db, scope, user!, body.DataID), t),
  });

  route(app, {
    url: `${P}/Config/GetProgressList`,
    access: 'school',
    schema: ProgressListQuery,
    handler: async ({ db, scope, user, body, t }) => {
      const r = await listJobs(db, scope, user!, body);
      return { List: r.List.map((j) => toView(j, t)), Total: r.Total };
    },
  });

  route(app, {
    url: `${P}/Config/StopProgress`,
    access: 'school',
    schema: ProgressQuery,
    audit: 'job.stop',
    handler: async ({ db, scope, user, body }) => {
      await stopJob(db, scope, user!, body.DataID);
      stopLive(app, body.DataID);
      return null;
    },
  });

  route(app, {
    method: 'GET',
    url: `${P}${DOWNLOAD_JOB_FILE_PATH}`,
    access: 'school',
    schema: z.object({ ID: z.coerce.number().int().positive() }),
    raw: true,
    handler: async ({ db, scope, user, body, reply }) => {
      const j = await getVisibleJob(db, scope, user!, body.ID);
      const file = (j.state === 2 || j.state === 3) && j.resultFile ? await statFile(app, j.resultFile) : null;
      if (!file) throw notFound('job.noFile');
      // The user downloads it under the task's name, with the result's extension.
      const ext = path.extname(file.abs);
      const name = j.fileName.toLowerCase().endsWith(ext.toLowerCase()) ? j.fileName : `${j.fileName}${ext}`;
      reply.header('content-type', contentType(file.abs));
      reply.header('content-length', file.size);
      reply.header('content-disposition', contentDisposition(name));
      return reply.send(fs.createReadStream(file.abs));
    },
  });
}
