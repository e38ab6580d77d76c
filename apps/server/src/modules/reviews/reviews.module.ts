import type { ServerModule } from '../index.ts';
import './reviews.messages.ts';
import { reviewRoutes } from './review.routes.ts';
import { shareRoutes } from './share.routes.ts';
import { recommendRoutes } from './recommend.routes.ts';

/** Reading promotion (issue 16): book reviews and their settings; reading shares; teachers' recommendations. */
export const reviewsModule: ServerModule = {
  name: 'reviews',
  routes: (app) => {
    reviewRoutes(app);
    shareRoutes(app);
    recommendRoutes(app);
  },
};
