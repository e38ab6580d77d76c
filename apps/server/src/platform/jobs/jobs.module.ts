import type { ServerModule } from '../../modules/index.ts';
import { registerMessages } from '../i18n/messages.ts';
import { installJobRunner } from './jobs.ts';
import { jobRoutes } from './jobs.routes.ts';

registerMessages({
  'job.notFound': { zh: '任务不存在', en: 'Task not found' },
  'job.notRunning': { zh: '任务已结束，无法停止', en: 'The task has finished and cannot be stopped' },
  'job.noFile': { zh: '任务没有可下载的文件', en: 'The task has no file to download' },
});

/** Background tasks: the runner loop (started when the app is ready) and the progress endpoints. */
export const jobsModule: ServerModule = {
  name: 'jobs',
  routes: (app) => {
    installJobRunner(app);
    jobRoutes(app);
  },
};
