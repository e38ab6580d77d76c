import type { ServerModule } from '../index.ts';
import { seedSchool } from './school.seed.ts';

export const schoolModule: ServerModule = {
  name: 'school',
  seed: seedSchool,
};
