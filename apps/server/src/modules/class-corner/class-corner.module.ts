import type { ServerModule } from '../index.ts';
import './class-corner.messages.ts';
import { classCornerRoutes } from './class-corner.routes.ts';

/** Class corners (班级图书角): a location per class, lent by the class librarian; usage and rankings. */
export const classCornerModule: ServerModule = {
  name: 'class-corner',
  routes: classCornerRoutes,
};
