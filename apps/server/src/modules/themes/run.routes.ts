import { IdBody } from '@shuyuan/contracts/common/envelope';
import { P } from '@shuyuan/contracts/common/paths';
import { opCode } from '@shuyuan/contracts/kit/resource';
import {
  CertificateQuery,
  END_CODE,
  JOIN_CODE,
  JudgeBody,
  RunListQuery,
  SubmissionListQuery,
  SubmitBody,
  ThemePageQuery,
} from '@shuyuan/contracts/themes/theme';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.ts';
import { sendCertificate } from './certificate.ts';
import { joinTheme, myThemes, submit } from './reader.service.ts';
import { sendSheet } from '../holdings/xlsx.ts';
import { judge, participants, participantsSheet, runList, submissions } from './run.service.ts';

const T = `${P}/Themes`;
const O = `${P}/Opac`;

/**
 * /join-reading (running themes: participants, progress, judging) and /end-reading (ended themes: results,
 * certificates). Judging needs `join-reading:audit` and is refused to students and parents whatever their role.
 */
export function runRoutes(app: FastifyInstance): void {
  for (const [code, ended, name] of [
    [JOIN_CODE, false, 'Running'],
    [END_CODE, true, 'Ended'],
  ] as const) {
    route(app, {
      url: `${T}/Get${name}Themes`,
      access: code,
      schema: RunListQuery,
      summary: `${name} published themes with their participants, completions and submissions to judge`,
      handler: (ctx) => runList(ctx, ended, ctx.body),
    });
  }

  route(app, {
    url: `${T}/GetParticipants`,
    access: JOIN_CODE,
    schema: ThemePageQuery,
    summary: "A running theme's participants with their progress per task",
    handler: (ctx) => participants(ctx, ctx.body),
  });

  route(app, {
    url: `${T}/GetResults`,
    access: END_CODE,
    schema: ThemePageQuery,
    summary: "A theme's results: each participant's progress per task and whether they completed it",
    handler: (ctx) => participants(ctx, ctx.body),
  });

  for (const [code, action] of [
    [JOIN_CODE, 'ExportParticipants'],
    [END_CODE, 'ExportResults'],
  ] as const)
    route(app, {
      url: `${T}/${action}`,
      access: opCode(code, 'export'),
      schema: IdBody,
      raw: true,
      audit: `themes.${action}`,
      summary: "A theme's participants with their progress per task (and completion) as xlsx",
      handler: async (ctx) => {
        const { headers, body } = await participantsSheet(ctx, ctx.body.id);
        return sendSheet(ctx.reply, ctx.t('themes.export.file'), headers, body);
      },
    });

  route(app, {
    url: `${T}/GetSubmissions`,
    access: JOIN_CODE,
    schema: SubmissionListQuery,
    summary: "A theme's submissions (pictures, texts), the ones waiting for a teacher first",
    handler: (ctx) => submissions(ctx, ctx.body),
  });

  route(app, {
    url: `${T}/JudgeSubmission`,
    access: opCode(JOIN_CODE, 'audit'),
    schema: JudgeBody,
    audit: 'themes.submission.judge',
    summary: 'Pass (with a score) or reject (with a reason) a pending submission; a pass awards points',
    handler: (ctx) => judge(ctx),
  });

  route(app, {
    url: `${T}/GetCertificate`,
    access: END_CODE,
    schema: CertificateQuery,
    summary: 'The certificate (PDF) of a participant who completed the theme',
    handler: (ctx) => sendCertificate(ctx, ctx.body.themeId, ctx.body.userId),
  });
}

/**
 * The reader's side in the personal area: access 'school', every handler acts on the caller only (listed in the
 * access matrix: a reader sees their own themes).
 */
export function readerThemeRoutes(app: FastifyInstance): void {
  route(app, {
    url: `${O}/MyThemes`,
    access: 'school',
    summary: 'Themes the caller may join or joined, with their progress per task and their submissions',
    handler: (ctx) => myThemes(ctx),
  });

  route(app, {
    url: `${O}/JoinTheme`,
    access: 'school',
    schema: IdBody,
    audit: 'themes.join',
    summary: 'Join a running theme the caller may join',
    handler: (ctx) => joinTheme(ctx),
  });

  route(app, {
    url: `${O}/SubmitTheme`,
    access: 'school',
    schema: SubmitBody,
    audit: 'themes.submit',
    summary: 'Submit a picture or a text for a task of a joined theme; it waits for a teacher',
    handler: (ctx) => submit(ctx),
  });

  route(app, {
    url: `${O}/MyThemeCertificate`,
    access: 'school',
    schema: IdBody,
    summary: "The caller's certificate (PDF) of a theme they completed",
    handler: (ctx) => sendCertificate(ctx, ctx.body.id, ctx.user!.userId),
  });
}
