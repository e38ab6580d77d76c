import type { SchoolBrief } from '@shuyuan/contracts/auth/user';
import { P } from '@shuyuan/contracts/common/paths';
import type { WallScreenData } from '@shuyuan/contracts/statistics/charts';
import type { EChartsCoreOption } from 'echarts/core';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { currentSchoolHeader, enterPublicSearch } from '../../app/auth/session.ts';
import { api } from '../../app/http.ts';
import en from '../../i18n/en/wall.json';
import zh from '../../i18n/zh/wall.json';
import { addDomains, setLang } from '../../i18n/index.ts';
import './wall.css';

// A page outside the staff layout: it brings its own texts (the back office's are not loaded here).
addDomains({ './zh/wall.json': zh, './en/wall.json': en });

const Chart = lazy(() => import('../dashboard/chart.tsx'));

/** Refresh every `?refresh=` seconds (default 60, at least 10). */
const refreshSeconds = (v: string | null) => Math.max(10, Number(v) || 60);

const AXIS = { axisLabel: { color: '#d9e4ec', fontSize: 16 }, axisLine: { lineStyle: { color: '#5d7a90' } } };
const SPLIT = { splitLine: { lineStyle: { color: 'rgba(255,255,255,0.08)' } } };

/**
 * /statistic: the library's wall screen — today's figures, the last 30 days, this month's top titles and classes
 * and the collection by 中图法 class, from one request (P/Charts/GetWallScreen) refreshed every minute. Full
 * screen, outside the staff layout: a signed-in librarian's school, or `?school=CODE` on a screen nobody signs in
 * to; `?lang=en` shows it in English.
 */
export default function WallScreen() {
  const { t, i18n } = useTranslation();
  const params = new URLSearchParams(useLocation().search);
  const code = params.get('school');
  const lang = params.get('lang');
  const every = refreshSeconds(params.get('refresh'));
  const [ready, setReady] = useState<'wait' | 'ok' | 'none'>(code ? 'wait' : currentSchoolHeader() ? 'ok' : 'none');
  const [data, setData] = useState<WallScreenData | null>(null);
  const [failed, setFailed] = useState(false);
  const [now, setNow] = useState(() => new Date());

  useEffect(() => {
    document.documentElement.classList.add('wall-root');
    const id = setInterval(() => setNow(new Date()), 1000);
    return () => {
      clearInterval(id);
      document.documentElement.classList.remove('wall-root');
    };
  }, []);
  useEffect(() => {
    if (lang === 'en' || lang === 'zh') void setLang(lang);
  }, [lang]);
  useEffect(() => {
    if (!code) return;
    api
      .post<SchoolBrief>(`${P}/Organiza/GetSchoolByCode`, { code }, { showError: false })
      .then((s) => {
        enterPublicSearch(s.id);
        setReady('ok');
      })
      .catch(() => setReady('none'));
  }, [code]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the answer's names are in the language shown: reload on a switch
  useEffect(() => {
    if (ready !== 'ok') return;
    let alive = true;
    const load = () =>
      api
        .post<WallScreenData>(`${P}/Charts/GetWallScreen`, {}, { showError: false })
        .then((d) => {
          if (!alive) return;
          setData(d);
          setFailed(false);
        })
        // The last figures stay up; the footer says the refresh failed.
        .catch(() => alive && setFailed(true));
    void load();
    const id = setInterval(load, every * 1000);
    return () => {
      alive = false;
      clearInterval(id);
    };
  }, [ready, every, i18n.language]);

  const trend = useMemo<EChartsCoreOption | null>(
    () =>
      data && {
        animation: false,
        textStyle: { fontSize: 16 },
        legend: { top: 0, textStyle: { color: '#f2f6fa', fontSize: 18 } },
        grid: { left: 56, right: 24, top: 40, bottom: 36 },
        tooltip: { trigger: 'axis' },
        xAxis: { type: 'category', data: data.trend.map((d) => d.day.slice(5)), ...AXIS },
        yAxis: { type: 'value', minInterval: 1, ...AXIS, ...SPLIT },
        series: [
          { type: 'line', name: t('wall.loans'), data: data.trend.map((d) => d.loans), smooth: true, color: '#ffd166' },
          {
            type: 'line',
            name: t('wall.visits'),
            data: data.trend.map((d) => d.visits),
            smooth: true,
            color: '#7ee0a0',
          },
        ],
      },
    [data, t],
  );
  const collection = useMemo<EChartsCoreOption | null>(
    () =>
      data && {
        animation: false,
        grid: { left: 56, right: 16, top: 16, bottom: 36 },
        tooltip: {
          trigger: 'axis',
          formatter: (p: any) => `${data.collection[p[0].dataIndex]?.name ?? ''}: ${p[0].value}`,
        },
        xAxis: { type: 'category', data: data.collection.map((c) => c.code || '—'), ...AXIS },
        yAxis: { type: 'value', minInterval: 1, ...AXIS, ...SPLIT },
        series: [{ type: 'bar', data: data.collection.map((c) => c.copies), color: '#5cc8ff' }],
      },
    [data],
  );

  if (ready === 'none')
    return (
      <div className="wall">
        <p className="wall-message">{t('wall.noSchool')}</p>
      </div>
    );
  const schoolName = data ? (i18n.language === 'en' && data.school.enName ? data.school.enName : data.school.name) : '';
  const fmt = (n: number) => n.toLocaleString(i18n.language === 'en' ? 'en-US' : 'zh-CN');
  const figures: [string, number | undefined][] = [
    ['wall.loansToday', data?.loansToday],
    ['wall.returnsToday', data?.returnsToday],
    ['wall.visitsToday', data?.visitsToday],
    ['wall.borrowersToday', data?.borrowersToday],
    ['wall.onLoan', data?.onLoan],
  ];
  return (
    <div className="wall" data-testid="wall-screen">
      <header className="wall-head">
        <h1>{schoolName ? t('wall.title', { school: schoolName }) : t('wall.titlePlain')}</h1>
        <span className="wall-clock">
          {now.toLocaleString(i18n.language === 'en' ? 'en-GB' : 'zh-CN', { dateStyle: 'medium', timeStyle: 'medium' })}
        </span>
      </header>
      <section className="wall-figures">
        {figures.map(([k, v]) => (
          <div className="wall-figure" key={k}>
            <div className="label">{t(k)}</div>
            <div className="value" data-testid={k}>
              {v === undefined ? '–' : fmt(v)}
            </div>
          </div>
        ))}
      </section>
      <section className="wall-row">
        <div className="wall-panel">
          <h2>{t('wall.trend')}</h2>
          <Suspense fallback={null}>{trend && <Chart option={trend} height={300} />}</Suspense>
        </div>
        <div className="wall-panel">
          <h2>
            {t('wall.collection')}
            {data && (
              <small> · {t('wall.totals', { titles: fmt(data.totals.titles), copies: fmt(data.totals.copies) })}</small>
            )}
          </h2>
          <Suspense fallback={null}>{collection && <Chart option={collection} height={300} />}</Suspense>
        </div>
      </section>
      <section className="wall-row">
        <Top title={t('wall.topTitles')} rows={data?.titles ?? []} empty={t('wall.none')} testId="wall-titles" />
        <Top title={t('wall.topClasses')} rows={data?.classes ?? []} empty={t('wall.none')} testId="wall-classes" />
      </section>
      <footer className="wall-foot">
        <span>{data && t('wall.month', { from: data.month.from, to: data.month.to })}</span>
        <span>
          {failed
            ? t('wall.refreshFailed')
            : data &&
              t('wall.updated', {
                time: new Date(data.at).toLocaleTimeString(i18n.language === 'en' ? 'en-GB' : 'zh-CN'),
              })}
        </span>
      </footer>
    </div>
  );
}

function Top({
  title,
  rows,
  empty,
  testId,
}: {
  title: string;
  rows: WallScreenData['titles'];
  empty: string;
  testId: string;
}) {
  return (
    <div className="wall-panel">
      <h2>{title}</h2>
      {rows.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ol className="wall-list" data-testid={testId}>
          {rows.map((r) => (
            <li key={`${r.rank}-${r.name}-${r.detail}`}>
              <span className="rank">{r.rank}</span>
              <span>
                {r.name}
                {r.detail && <small>{r.detail}</small>}
              </span>
              <span className="count">{r.count}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
