import { OPAC_FIELDS, OPAC_OPS, OPAC_SORTS, type OpacLine, type OpacSort } from '@shuyuan/contracts/opac/search';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { opacApi } from '../opac-api.ts';
import { HitList, Pager } from '../parts/HitList.tsx';
import { useLoad, useTitle } from '../use-load.ts';
import { Failure } from '../parts/Notice.tsx';

const ROWS = 20;
const blank = (): OpacLine => ({ op: 'and', field: 'any', text: '' });

interface Form {
  lines: OpacLine[];
  yearFrom: string;
  yearTo: string;
  resourceTypeId: string;
  locationId: string;
  language: string;
  readingLevel: string;
  lexileFrom: string;
  lexileTo: string;
  sort: OpacSort;
}

const num = (v: string) => (v.trim() === '' ? undefined : Number(v));

/** /advancedsearch: field lines joined by and / or / not, year range, resource type, location, language. */
export default function AdvancedPage() {
  const { t, i18n } = useTranslation();
  useTitle(t('opac.nav.advanced'));
  const options = useLoad(() => opacApi.options(), []);
  const [form, setForm] = useState<Form>({
    lines: [blank(), { ...blank(), field: 'title' }, { ...blank(), field: 'author' }],
    yearFrom: '',
    yearTo: '',
    resourceTypeId: '',
    locationId: '',
    language: '',
    readingLevel: '',
    lexileFrom: '',
    lexileTo: '',
    sort: 'relevance',
  });
  const [asked, setAsked] = useState<{ form: Form; page: number } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const res = useLoad(
    () =>
      asked
        ? opacApi.complex({
            lines: asked.form.lines.filter((l) => l.text.trim()),
            yearFrom: num(asked.form.yearFrom),
            yearTo: num(asked.form.yearTo),
            resourceTypeId: num(asked.form.resourceTypeId),
            locationId: num(asked.form.locationId),
            language: asked.form.language || undefined,
            facets: {
              readingLevel: asked.form.readingLevel || undefined,
              lexileFrom: num(asked.form.lexileFrom),
              lexileTo: num(asked.form.lexileTo),
            },
            sort: asked.form.sort,
            Page: asked.page,
            Rows: ROWS,
          })
        : Promise.resolve(null),
    [asked],
  );
  const setLine = (i: number, patch: Partial<OpacLine>) =>
    setForm((f) => ({ ...f, lines: f.lines.map((l, k) => (k === i ? { ...l, ...patch } : l)) }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setAsked({ form, page: 1 });
    setTimeout(() => heading.current?.focus(), 0);
  };
  const en = i18n.language === 'en';
  const o = options.data;
  return (
    <div className="opac-advanced">
      <h1>{t('opac.nav.advanced')}</h1>
      <form onSubmit={submit} className="opac-form">
        <fieldset>
          <legend>{t('opac.advanced.lines')}</legend>
          {form.lines.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional
            <div className="opac-line" key={i}>
              {i > 0 ? (
                <select
                  aria-label={t('opac.advanced.opLabel', { n: i + 1 })}
                  value={l.op}
                  onChange={(e) => setLine(i, { op: e.target.value as OpacLine['op'] })}
                >
                  {OPAC_OPS.map((op) => (
                    <option key={op} value={op}>
                      {t(`opac.advanced.op.${op}`)}
                    </option>
                  ))}
                </select>
              ) : (
                <span className="opac-op-first" aria-hidden="true" />
              )}
              <select
                aria-label={t('opac.advanced.fieldLabel', { n: i + 1 })}
                value={l.field}
                onChange={(e) => setLine(i, { field: e.target.value as OpacLine['field'] })}
              >
                {OPAC_FIELDS.map((f) => (
                  <option key={f} value={f}>
                    {t(`opac.field.${f}`)}
                  </option>
                ))}
              </select>
              <input
                type="text"
                aria-label={t('opac.advanced.textLabel', { n: i + 1 })}
                value={l.text}
                onChange={(e) => setLine(i, { text: e.target.value })}
              />
            </div>
          ))}
          {form.lines.length < 8 && (
            <button
              type="button"
              className="opac-link-button"
              onClick={() => setForm((f) => ({ ...f, lines: [...f.lines, blank()] }))}
            >
              {t('opac.advanced.addLine')}
            </button>
          )}
        </fieldset>
        <fieldset>
          <legend>{t('opac.advanced.limits')}</legend>
          <div className="opac-grid">
            <label>
              {t('opac.advanced.yearFrom')}
              <input
                type="number"
                inputMode="numeric"
                value={form.yearFrom}
                onChange={(e) => setForm({ ...form, yearFrom: e.target.value })}
              />
            </label>
            <label>
              {t('opac.advanced.yearTo')}
              <input
                type="number"
                inputMode="numeric"
                value={form.yearTo}
                onChange={(e) => setForm({ ...form, yearTo: e.target.value })}
              />
            </label>
            <label>
              {t('opac.facet.resourceType')}
              <select
                value={form.resourceTypeId}
                onChange={(e) => setForm({ ...form, resourceTypeId: e.target.value })}
              >
                <option value="">{t('opac.advanced.any')}</option>
                {o?.resourceTypes.map((r) => (
                  <option key={r.id} value={r.id}>
                    {(en && r.enName) || r.name}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t('opac.facet.location')}
              <select value={form.locationId} onChange={(e) => setForm({ ...form, locationId: e.target.value })}>
                <option value="">{t('opac.advanced.any')}</option>
                {o?.locations.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t('opac.facet.language')}
              <select value={form.language} onChange={(e) => setForm({ ...form, language: e.target.value })}>
                <option value="">{t('opac.advanced.any')}</option>
                {o?.languages.map((l) => (
                  <option key={l} value={l}>
                    {t(`opac.language.${l}`, l)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t('opac.advanced.readingLevel')}
              <select value={form.readingLevel} onChange={(e) => setForm({ ...form, readingLevel: e.target.value })}>
                <option value="">{t('opac.advanced.any')}</option>
                {o?.readingLevels.map((l) => (
                  <option key={l} value={l}>
                    {l}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t('opac.advanced.lexileFrom')}
              <input
                type="number"
                min={0}
                max={2000}
                value={form.lexileFrom}
                onChange={(e) => setForm({ ...form, lexileFrom: e.target.value })}
              />
            </label>
            <label>
              {t('opac.advanced.lexileTo')}
              <input
                type="number"
                min={0}
                max={2000}
                value={form.lexileTo}
                onChange={(e) => setForm({ ...form, lexileTo: e.target.value })}
              />
            </label>
            <label>
              {t('opac.sort.label')}
              <select value={form.sort} onChange={(e) => setForm({ ...form, sort: e.target.value as OpacSort })}>
                {OPAC_SORTS.map((s) => (
                  <option key={s} value={s}>
                    {t(`opac.sort.${s}`)}
                  </option>
                ))}
              </select>
            </label>
          </div>
        </fieldset>
        <button type="submit" className="opac-primary">
          {t('opac.search.submit')}
        </button>
      </form>
      {asked && (
        <section aria-labelledby="opac-adv-results">
          <h2 id="opac-adv-results" ref={heading} tabIndex={-1} aria-live="polite">
            {res.loading ? t('common.loading') : t('opac.advanced.found', { count: res.data?.Total ?? 0 })}
          </h2>
          <Failure text={res.error} />
          {res.data && <HitList hits={res.data.List} />}
          {res.data && (
            <Pager
              page={asked.page}
              rows={ROWS}
              total={res.data.Total}
              onPage={(page) => setAsked({ ...asked, page })}
            />
          )}
        </section>
      )}
    </div>
  );
}
