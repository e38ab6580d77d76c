import type { MyShareDto } from '@shuyuan/contracts/reviews/share';
import { UPLOAD_IMAGE_EXT, UPLOAD_IMAGE_MAX } from '@shuyuan/contracts/settings/upload';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../parts/HitList.tsx';
import { Failure, type Note, Notice } from '../parts/Notice.tsx';
import { type ShareForm, sharesApi } from '../reviews-api.ts';
import { useLoad } from '../use-load.ts';
import { issuesOf, messageOf } from './personal-api.ts';

const EMPTY: ShareForm = { kind: 'note', title: '', content: '', pictures: [], dimensionIds: [] };

/** The share form: note or excerpt, heading, text, pictures (images only, 5 MB each), dimensions. */
function ShareEditor({ initial, onDone }: { initial: ShareForm; onDone: () => void }) {
  const { t } = useTranslation();
  const dims = useLoad(() => sharesApi.dimensions(), []);
  const [form, setForm] = useState<ShareForm>(initial);
  const [note, setNote] = useState<Note>(null);
  const [busy, setBusy] = useState(false);
  const addPictures = async (files: FileList | null) => {
    for (const f of Array.from(files ?? [])) {
      if (f.size > UPLOAD_IMAGE_MAX) {
        setNote({ ok: false, text: t('opac.share.tooBig', { name: f.name, mb: UPLOAD_IMAGE_MAX / 1048576 }) });
        continue;
      }
      try {
        const r = await sharesApi.upload(f);
        setForm((x) => ({ ...x, pictures: [...x.pictures, r.url] }));
      } catch (e) {
        setNote({ ok: false, text: messageOf(e) });
      }
    }
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const saved = await sharesApi.save(form);
      setNote({ ok: true, text: t(saved.state === 'passed' ? 'opac.share.published' : 'opac.share.sent') });
      setForm(EMPTY);
      onDone();
    } catch (err) {
      setNote({ ok: false, text: issuesOf(err) });
    } finally {
      setBusy(false);
    }
  };
  const toggle = (id: number) =>
    setForm((x) => ({
      ...x,
      dimensionIds: x.dimensionIds.includes(id) ? x.dimensionIds.filter((d) => d !== id) : [...x.dimensionIds, id],
    }));
  return (
    <form className="opac-form" onSubmit={submit} aria-labelledby="me-share-form">
      <h3 id="me-share-form">{t(form.id ? 'opac.share.edit' : 'opac.share.write')}</h3>
      <fieldset className="opac-rating">
        <legend>{t('opac.share.kind')}</legend>
        {(['note', 'excerpt'] as const).map((k) => (
          <label key={k}>
            <input type="radio" name="kind" checked={form.kind === k} onChange={() => setForm({ ...form, kind: k })} />
            {t(`opac.share.kinds.${k}`)}
          </label>
        ))}
      </fieldset>
      <label>
        {t('opac.share.heading')}
        <input value={form.title} maxLength={100} onChange={(e) => setForm({ ...form, title: e.target.value })} />
      </label>
      <label>
        {t('opac.share.content')}
        <textarea
          rows={6}
          maxLength={5000}
          required
          value={form.content}
          onChange={(e) => setForm({ ...form, content: e.target.value })}
        />
      </label>
      {!!dims.data?.length && (
        <fieldset className="opac-rating">
          <legend>{t('opac.share.dimensions')}</legend>
          {dims.data.map((d) => (
            <label key={d.id} title={d.description}>
              <input type="checkbox" checked={form.dimensionIds.includes(d.id)} onChange={() => toggle(d.id)} />
              {d.name}
            </label>
          ))}
        </fieldset>
      )}
      <label>
        {t('opac.share.pictures')}
        <input
          type="file"
          accept={UPLOAD_IMAGE_EXT.join(',')}
          multiple
          onChange={(e) => {
            void addPictures(e.target.files);
            e.target.value = '';
          }}
        />
      </label>
      {form.pictures.length > 0 && (
        <ul className="opac-share-pictures">
          {form.pictures.map((p, i) => (
            <li key={p}>
              <img src={p} alt={t('opac.share.pictureN', { n: i + 1 })} />
              <button
                type="button"
                className="opac-link-button"
                onClick={() => setForm({ ...form, pictures: form.pictures.filter((x) => x !== p) })}
              >
                {t('opac.share.removePicture', { n: i + 1 })}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="opac-muted">{t('opac.share.picturesHint', { mb: UPLOAD_IMAGE_MAX / 1048576 })}</p>
      <button type="submit" className="opac-primary" disabled={busy}>
        {t('opac.share.submit')}
      </button>
      <Notice note={note} />
    </form>
  );
}

/** The reader's reading shares: write one, see each one's state (and a rejection's reason), edit or delete. */
export function MyShares() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const res = useLoad(() => sharesApi.mine(page), [page]);
  const [editing, setEditing] = useState<ShareForm>(EMPTY);
  const [version, setVersion] = useState(0);
  const [error, setError] = useState<string>();
  const edit = (s: MyShareDto) => {
    setEditing({
      id: s.id,
      kind: s.kind,
      title: s.title,
      content: s.content,
      pictures: s.pictures,
      dimensionIds: s.dimensionIds,
    });
    setVersion((v) => v + 1);
  };
  const remove = async (id: number) => {
    try {
      await sharesApi.remove(id);
      res.reload();
    } catch (e) {
      setError(messageOf(e));
    }
  };
  return (
    <section aria-labelledby="me-shares">
      <h2 id="me-shares">{t('opac.me.tab.shares')}</h2>
      <ShareEditor
        key={version}
        initial={editing}
        onDone={() => {
          setEditing(EMPTY);
          res.reload();
        }}
      />
      <Failure text={res.error ?? error} />
      {res.data && res.data.Total === 0 && <p className="opac-empty">{t('opac.share.noneMine')}</p>}
      <ul className="opac-cards">
        {res.data?.List.map((s) => (
          <li key={s.id}>
            <h3>{s.title || t(`opac.share.kinds.${s.kind}`)}</h3>
            <p>
              <strong className={`opac-badge ${s.state === 'passed' ? 'ok' : ''}`}>
                {t(`opac.review.state.${s.state}`)}
              </strong>
              {s.dimensions.length > 0 && ` · ${s.dimensions.join('、')}`}
              {s.state === 'rejected' && s.rejectReason && ` · ${t('opac.review.reason', { reason: s.rejectReason })}`}
            </p>
            <p className="opac-review-text">{s.content}</p>
            <button type="button" className="opac-secondary" onClick={() => edit(s)}>
              {t('opac.share.editButton')}
            </button>{' '}
            <button type="button" className="opac-secondary" onClick={() => void remove(s.id)}>
              {t('opac.share.delete')}
            </button>
          </li>
        ))}
      </ul>
      {res.data && <Pager page={page} rows={20} total={res.data.Total} onPage={setPage} />}
    </section>
  );
}
