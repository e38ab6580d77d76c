import {
  CAPTURE_VENDORS,
  CaptureSearchBody,
  CaptureSourceCreate,
  CaptureSourceListQuery,
  CaptureSourceUpdate,
  IsbnBody,
  KnownSourceBody,
  TestSourceBody,
} from '@shuyuan/contracts/capture/capture';
import { IdBody, IdsBody } from '@shuyuan/contracts/common/envelope';
import { P } from '@shuyuan/contracts/common/paths';
import type { FastifyInstance } from 'fastify';
import { fail } from '../../platform/errors.ts';
import { route } from '../../platform/route.ts';
import * as service from './capture.service.ts';
import * as sources from './sources.service.ts';
import { clcNumber, coverUrl, deweyNumber, readingLevel } from './marc-extract.ts';
import { sruServerRoutes } from './sru-server.ts';

/** Look-ups serve the cataloguing screens (/book-editing); sources are a cataloguing rule (/book-editing-rule). */
const LOOKUP = 'book-editing';
const RULES = 'book-editing-rule';
const C = `${P}/Capture`;

export function captureRoutes(app: FastifyInstance): void {
  sruServerRoutes(app);
  route(app, {
    url: `${C}/GetSourceList`,
    access: RULES,
    schema: CaptureSourceListQuery,
    handler: ({ db, scope, body }) => sources.listSources(db, scope, body),
  });
  route(app, {
    url: `${C}/GetSource`,
    access: RULES,
    schema: IdBody,
    handler: ({ db, scope, body }) => sources.getSource(db, scope, body.id),
  });
  route(app, {
    url: `${C}/AddSource`,
    access: `${RULES}:edit`,
    schema: CaptureSourceCreate,
    audit: 'capture.source.add',
    handler: ({ db, scope, body, t }) => sources.addSource(db, scope, body, t),
  });
  route(app, {
    url: `${C}/UpdateSource`,
    access: `${RULES}:edit`,
    schema: CaptureSourceUpdate,
    audit: 'capture.source.update',
    handler: ({ db, scope, body, t }) => sources.updateSource(db, scope, body, t),
  });
  route(app, {
    url: `${C}/DeleteSource`,
    access: `${RULES}:edit`,
    schema: IdsBody,
    audit: 'capture.source.delete',
    handler: ({ db, scope, body }) => sources.deleteSources(db, scope, body.ids),
  });
  route(app, {
    url: `${C}/GetKnownSources`,
    access: RULES,
    summary: 'Well-known sources (address, database, verified or not) and whether the school has each',
    handler: ({ db, scope, t }) => sources.knownSources(db, scope, t),
  });
  route(app, {
    url: `${C}/AddKnownSource`,
    access: `${RULES}:edit`,
    schema: KnownSourceBody,
    audit: 'capture.source.add',
    summary: 'Adds a well-known source, enabled, with one click',
    handler: ({ db, scope, body, t }) => sources.addKnownSource(db, scope, body.key, t),
  });
  route(app, {
    url: `${C}/SearchSources`,
    access: LOOKUP,
    schema: CaptureSearchBody,
    summary: 'ISBN / title / author / keyword across the enabled sources: candidates side by side, per-source status',
    handler: ({ db, scope, body, t }) => service.searchSources(db, scope, body, t),
  });
  route(app, {
    url: `${C}/TestSource`,
    access: RULES,
    schema: TestSourceBody,
    summary: 'Query one source for an ISBN: hit count and first title, or why it failed',
    handler: ({ db, scope, body, t }) => service.testSource(db, scope, body.id, body.isbn, t),
  });

  // Record look-ups: the first record of the sources in order, mapped with the school's MARC rules.
  for (const name of ['MarcDataGrad', ...CAPTURE_VENDORS] as const) {
    route(app, {
      url: `${C}/${name}`,
      access: LOOKUP,
      schema: IsbnBody,
      summary: `ISBN → record fields + MARC from ${name === 'MarcDataGrad' ? 'the enabled sources' : `the sources tagged ${name}`}`,
      handler: async ({ db, scope, body, t }) => {
        const { hit, isbn13 } = await service.findByIsbn(db, scope, name, body.isbn, t);
        return service.toFields(db, scope, hit, t, isbn13);
      },
    });
  }
  route(app, {
    url: `${C}/GetChiIndexNum`,
    access: LOOKUP,
    schema: IsbnBody,
    summary: 'ISBN → Chinese Library Classification number (690 / 084 $2 clc / 093)',
    handler: async ({ db, scope, body, t }) => {
      const { hit } = await service.findByIsbn(db, scope, 'GetChiIndexNum', body.isbn, t);
      const classNo = clcNumber(hit.record);
      if (!classNo) throw fail('CAPTURE_NO_CLASS', 'capture.noClc', { source: hit.source.name });
      return { classNo, scheme: 'clc', source: hit.source };
    },
  });
  route(app, {
    url: `${C}/GetDwIndexNum`,
    access: LOOKUP,
    schema: IsbnBody,
    summary: 'ISBN → Dewey Decimal Classification number (082 / 676)',
    handler: async ({ db, scope, body, t }) => {
      const { hit } = await service.findByIsbn(db, scope, 'GetDwIndexNum', body.isbn, t);
      const classNo = deweyNumber(hit.record);
      if (!classNo) throw fail('CAPTURE_NO_CLASS', 'capture.noDewey', { source: hit.source.name });
      return { classNo, scheme: 'ddc', source: hit.source };
    },
  });
  route(app, {
    url: `${C}/GetLeXile`,
    access: LOOKUP,
    schema: IsbnBody,
    summary: 'ISBN → reading level (Lexile from 521) where the source has one',
    handler: async ({ db, scope, body, t }) => {
      const { hit } = await service.findByIsbn(db, scope, 'GetLeXile', body.isbn, t);
      const level = readingLevel(hit.record);
      if (!level.lexile && !level.text) throw fail('CAPTURE_NO_LEVEL', 'capture.noLexile', { source: hit.source.name });
      return { lexile: level.lexile, readingLevel: level.lexile || level.text, note: level.text, source: hit.source };
    },
  });
  for (const name of ['ItemsImgGradChi', 'ItemsImgGradEng'] as const) {
    route(app, {
      url: `${C}/${name}`,
      access: LOOKUP,
      schema: IsbnBody,
      summary: 'ISBN → cover image URL (856 $u) where the source record has one',
      handler: async ({ db, scope, body, t }) => {
        const { hit } = await service.findByIsbn(db, scope, name, body.isbn, t);
        const url = coverUrl(hit.record);
        if (!url) throw fail('CAPTURE_NO_COVER', 'capture.noCover', { source: hit.source.name });
        return { coverUrl: url, source: hit.source };
      },
    });
  }
  route(app, {
    url: `${C}/OurLibrary`,
    access: LOOKUP,
    schema: IsbnBody,
    summary: "ISBN → the school's own records with it (both ISBN forms) and their copy counts",
    handler: ({ db, scope, body, t }) => service.ownByIsbn(db, scope, body.isbn, t),
  });
}
