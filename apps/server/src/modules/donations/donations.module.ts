import type { ServerModule } from '../index.ts';
import { donationRoutes } from './donations.routes.ts';
import './donations.messages.ts';

/** Book donations (issue 16): donors, books, the accession batch, thank-you certificates, points. */
export const donationsModule: ServerModule = { name: 'donations', routes: donationRoutes };
