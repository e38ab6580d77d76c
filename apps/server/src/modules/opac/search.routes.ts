import { P } from '@shuyuan/contracts/common/paths';
import {
  OpacClassifyQuery,
  OpacComplexQuery,
  OpacRecommendQuery,
  OpacRecordQuery,
  OpacSearchQuery,
} from '@shuyuan/contracts/opac/search';
import { asc, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../platform/route.ts';
import { route } from '../../platform/route.ts';
import { resourceType } from '../basic/branch.table.ts';
import { location } from '../basic/location.table.ts';
import { keptFigures } from './broad-search.ts';
import { classify, recommended, recordCopies, recordDetail, statfile } from './detail.service.ts';
import { opacComplexSearch, opacSearch, type PublicView, publicView } from './search.service.ts';
import { getSettings } from '../settings/settings.service.ts';
import { assertOpen } from './visibility.ts';

/** Every public call: the school named by the schoolID header, its site open, then what the public may see. */
async function open(ctx: Ctx<unknown>): Promise<PublicView> {
  await assertOpen(ctx.db, ctx.scope);
  return publicView(ctx.db, ctx.scope);
}

const S = `${P}/Search`;

/** The public search site (issue 11 §1): no sign-in, a school chosen by its code (schoolID header). */
export function searchRoutes(app: FastifyInstance): void {
  route(app, {
    url: `${S}/Catalogue`,
    access: 'publicSchool',
    schema: OpacSearchQuery,
    summary: 'Public search: text in a field (Chinese words, pinyin, initials), facets, sort, page',
    handler: async (ctx) => opacSearch(ctx.db, await open(ctx), ctx.body),
  });

  route(app, {
    url: `${S}/ComplexCatalogue`,
    access: 'publicSchool',
    schema: OpacComplexQuery,
    summary: 'Advanced public search: field lines with and/or/not, year range, type, location, language',
    handler: async (ctx) => opacComplexSearch(ctx.db, await open(ctx), ctx.body),
  });

  route(app, {
    url: `${S}/CatalogueDetail`,
    access: 'publicSchool',
    schema: OpacRecordQuery,
    summary: 'A record for the public: bibliographic and MARC view, more by the author and in the same class',
    handler: async (ctx) => recordDetail(ctx.db, await open(ctx), ctx.body.id),
  });

  route(app, {
    url: `${S}/Collection`,
    access: 'publicSchool',
    schema: OpacRecordQuery,
    summary: "A record's copies: location, call number, state, due date, shelf position (never the borrower)",
    handler: async (ctx) => recordCopies(ctx.db, await open(ctx), ctx.body.id),
  });

  route(app, {
    url: '/search/classify',
    access: 'publicSchool',
    schema: OpacClassifyQuery,
    summary: 'Browse by 中图法 class: the classes under a parent with the school’s record counts',
    handler: async (ctx) => classify(ctx.db, await open(ctx), ctx.body.parent),
  });

  route(app, {
    url: `${S}/Recommend`,
    access: 'publicSchool',
    schema: OpacRecommendQuery,
    summary: 'Recommended books: staff picks and purchase suggestions that arrived',
    handler: async (ctx) => recommended(ctx.db, await open(ctx), ctx.body),
  });

  route(app, {
    url: `${S}/Statfile`,
    access: 'publicSchool',
    summary: 'The library in figures (records, copies on the shelf, readers, loans this year, new this month)',
    handler: async (ctx) => {
      const v = await open(ctx);
      return keptFigures(ctx.db, ctx.scope.schoolId, v.version, () => statfile(ctx.db, v));
    },
  });

  route(app, {
    url: `${S}/GetSiteConfig`,
    access: 'publicSchool',
    summary: 'What the public site shows (/search-mana): welcome line, hot words, home page panels',
    handler: async (ctx) => {
      await assertOpen(ctx.db, ctx.scope);
      const v = await getSettings(ctx.db, ctx.scope, [
        'opac.welcome',
        'opac.hotWords',
        'opac.showFigures',
        'opac.showNewBooks',
        'opac.showRecommended',
      ]);
      return {
        welcome: String(v['opac.welcome'] ?? ''),
        // Hot words are typed separated by commas, 、 or spaces.
        hotWords: String(v['opac.hotWords'] ?? '')
          .split(/[,，、;；\s]+/)
          .map((w) => w.trim())
          .filter(Boolean)
          .slice(0, 20),
        showFigures: v['opac.showFigures'] !== false,
        showNewBooks: v['opac.showNewBooks'] !== false,
        showRecommended: v['opac.showRecommended'] !== false,
      };
    },
  });

  route(app, {
    url: `${S}/GetSearchOptions`,
    access: 'publicSchool',
    summary: 'What the advanced search offers: the locations the public sees, resource types, languages',
    handler: async (ctx) => {
      const v = await open(ctx);
      const s = ctx.scope.schoolId;
      const [locations, types, langs, levels] = await Promise.all([
        ctx.db
          .select({ id: location.id, name: location.name })
          .from(location)
          .where(
            ctx.scope.where(
              location,
              sql`${location.state} = 1`,
              sql`exists (select 1 from copy c where c.school_id = ${s} and c.location_id = ${location.id} and ${v.copy})`,
            ),
          )
          .orderBy(asc(location.sort), asc(location.id)),
        ctx.db
          .select({ id: resourceType.id, name: resourceType.name, enName: resourceType.enName })
          .from(resourceType)
          .where(ctx.scope.where(resourceType, sql`${resourceType.state} = 1`))
          .orderBy(asc(resourceType.sort), asc(resourceType.id)),
        ctx.db.execute(
          sql`select distinct language from catalogue_record where school_id = ${s} and language <> '' order by 1 limit 50`,
        ),
        // Graded bands as catalogued (Lexile measures are searched by range instead).
        ctx.db.execute(
          sql`select distinct reading_level from catalogue_record where school_id = ${s} and reading_level <> ''
            and reading_level !~ '^[A-Za-z]{0,2}[0-9]{1,4}L$' order by 1 limit 50`,
        ),
      ]);
      const rows = ((langs as any).rows ?? langs) as { language: string }[];
      const bands = ((levels as any).rows ?? levels) as { reading_level: string }[];
      return {
        locations,
        resourceTypes: types,
        languages: rows.map((x) => x.language),
        readingLevels: bands.map((x) => x.reading_level),
      };
    },
  });
}
