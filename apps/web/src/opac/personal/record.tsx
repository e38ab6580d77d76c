import type { ReadingRecordTotals } from '@shuyuan/contracts/opac/personal';
import { useTranslation } from 'react-i18next';
import { Failure } from '../parts/Notice.tsx';
import { useLoad } from '../use-load.ts';
import { meApi } from './personal-api.ts';

const FIGURES: (keyof ReadingRecordTotals)[] = [
  'loans',
  'titles',
  'returnedOnTime',
  'returnedLate',
  'open',
  'overdueNow',
  'renewals',
];

/**
 * /user/integral, below the points (points-panel.tsx): the reader's borrowing record — loans, titles, returns on
 * time and late, by year.
 */
export function ReadingRecordPanel() {
  const { t } = useTranslation();
  const res = useLoad(() => meApi.readingRecord(), []);
  const r = res.data;
  const onTime = r?.returned ? Math.round((r.returnedOnTime / r.returned) * 100) : null;
  return (
    <section aria-labelledby="me-integral">
      <h2 id="me-integral">{t('opac.me.tab.integral')}</h2>
      <p className="opac-muted">{t('opac.me.record.help')}</p>
      <Failure text={res.error} />
      {r && r.loans === 0 && <p className="opac-empty">{t('opac.me.noHistory')}</p>}
      {r && r.loans > 0 && (
        <>
          <dl className="opac-figures">
            {FIGURES.map((k) => (
              <div key={k}>
                <dt>{t(`opac.me.record.${k}`)}</dt>
                <dd>{r[k]}</dd>
              </div>
            ))}
            {onTime !== null && (
              <div>
                <dt>{t('opac.me.record.onTimeShare')}</dt>
                <dd>{onTime}%</dd>
              </div>
            )}
          </dl>
          {/* Scrolls sideways on a phone: a focusable region, so a keyboard can scroll it too (axe). */}
          <div className="opac-scroll" tabIndex={0} role="region" aria-label={t('opac.me.record.byYear')}>
            <table className="opac-table">
              <caption>{t('opac.me.record.byYear')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('opac.me.record.year')}</th>
                  {FIGURES.slice(0, 4).map((k) => (
                    <th key={k} scope="col">
                      {t(`opac.me.record.${k}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {r.years.map((y) => (
                  <tr key={y.year}>
                    <th scope="row">{y.year}</th>
                    {FIGURES.slice(0, 4).map((k) => (
                      <td key={k}>{y[k]}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
