import { registerMessages } from '../../platform/i18n/messages.ts';
import type { ServerModule } from '../index.ts';
import { feedbackRoutes } from './feedback.routes.ts';

registerMessages({
  'feedback.titleRequired': { zh: '请填写标题', en: 'Please fill in the title' },
  'feedback.contentRequired': { zh: '请填写内容', en: 'Please fill in the content' },
  'feedback.replyRequired': { zh: '请填写回复内容', en: 'Please fill in the reply' },
  'feedback.badScreenshot': { zh: '截图须为上传的图片', en: 'The screenshot must be an uploaded image' },
  'feedback.alreadyCompleted': { zh: '该反馈已完成', en: 'This feedback is already completed' },
});

/** Feedback / work orders (/feedback): users send, administrators reply and complete. */
export const feedbackModule: ServerModule = { name: 'feedback', routes: feedbackRoutes };
