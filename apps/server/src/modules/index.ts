import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { authModule } from './auth/auth.module.ts';
import { jobsModule } from '../platform/jobs/jobs.module.ts';
import { uploadModule } from './upload/upload.module.ts';
import { logsModule } from './logs/logs.module.ts';
import { settingsModule } from './settings/settings.module.ts';
import { mailModule } from './mail/mail.module.ts';
import { feedbackModule } from './feedback/feedback.module.ts';
import { dashboardModule } from './dashboard/dashboard.module.ts';
import { roleModule } from './role/role.module.ts';
import { schoolModule } from './school/school.module.ts';
import { translationModule } from './translation/translation.module.ts';
import { menuModule } from './menu/menu.module.ts';
import { basicModule } from './basic/basic.module.ts';
import { orgModule } from './org/org.module.ts';
import { classificationModule } from './classification/classification.module.ts';
import { sip2Module } from '../sip2/sip2.module.ts';
import { devicesModule } from './devices/devices.module.ts';
import { catalogueModule } from './catalogue/catalogue.module.ts';
import { marcModule } from './marc/marc.module.ts';
import { circulationModule } from './circulation/circulation.module.ts';
import { remindersModule } from './reminders/reminders.module.ts';
import { reservationsModule } from './reservations/reservations.module.ts';
import { lossesModule } from './losses/losses.module.ts';
import { readersModule } from './readers/readers.module.ts';
import { printingModule } from './printing/printing.module.ts';
import { circulationRulesModule } from './circulation-rules/circulation-rules.module.ts';
import { circRecordsModule } from './circ-records/circ-records.module.ts';
import { readerMovesModule } from './reader-moves/reader-moves.module.ts';
import { classCornerModule } from './class-corner/class-corner.module.ts';
import { stocktakeModule } from './stocktake/stocktake.module.ts';
import { captureModule } from './capture/capture.module.ts';
import { holdingsModule } from './holdings/holdings.module.ts';
import { opacModule } from './opac/opac.module.ts';
import { bulletinModule } from './bulletin/bulletin.module.ts';
import { statisticsModule } from './statistics/statistics.module.ts';
import { gateModule } from './gate/gate.module.ts';
import { demoModule } from './demo/demo.module.ts';
import { backupModule } from './backup/backup.module.ts';
import { serialsModule } from './serials/serials.module.ts';
import { pointsModule } from './points/points.module.ts';
import { reviewsModule } from './reviews/reviews.module.ts';
import { themesModule } from './themes/themes.module.ts';
import { unionModule } from './union/union.module.ts';
import { volunteersModule } from './volunteers/volunteers.module.ts';
import { donationsModule } from './donations/donations.module.ts';
import { bookListsModule } from './booklists/booklists.module.ts';

/** What a domain module contributes. Listed here in dependency order. */
export interface ServerModule {
  name: string;
  /** Registers the module's routes. */
  routes?: (app: FastifyInstance) => void | Promise<void>;
  /** Idempotent start-up seeding (demo school, menus, defaults); runs after migrations, in list order. */
  seed?: (db: Db, ctx: SeedContext) => Promise<void>;
  /** Called once the server listens (background runners). Returns a stopper. */
  start?: (app: FastifyInstance) => Promise<(() => Promise<void> | void) | undefined> | undefined;
}

export interface SeedContext {
  config: Config;
  /** Lines to print to the console once start-up is done (e.g. the generated admin password). */
  notices: string[];
  /** True while the demo school is being created for the first time. */
  firstRun: boolean;
}

export const modules: ServerModule[] = [
  schoolModule,
  authModule,
  menuModule,
  jobsModule,
  uploadModule,
  logsModule,
  settingsModule,
  mailModule,
  feedbackModule,
  dashboardModule,
  roleModule,
  translationModule,
  basicModule,
  orgModule,
  sip2Module,
  devicesModule,
  classificationModule,
  catalogueModule,
  marcModule,
  readersModule,
  circulationModule,
  remindersModule,
  reservationsModule,
  lossesModule,
  circulationRulesModule,
  circRecordsModule,
  readerMovesModule,
  classCornerModule,
  printingModule,
  stocktakeModule,
  captureModule,
  holdingsModule,
  opacModule,
  bulletinModule,
  statisticsModule,
  gateModule,
  serialsModule,
  pointsModule,
  reviewsModule,
  themesModule,
  unionModule,
  volunteersModule,
  donationsModule,
  bookListsModule,
  backupModule,
  // Last: the demo library is made through the other modules' services.
  demoModule,
];
