import type { FormInstance } from 'antd';
import type { z } from 'zod';
import { ApiError, api, fieldErrors } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import i18n from '../../i18n/index.ts';

const tr = (m: string, params?: Record<string, unknown>) => (i18n.exists(m) ? i18n.t(m, params) : m);

/**
 * The first path segment names the form field; `barcodes.2` (the third line) is shown under the barcodes
 * textarea with its line number, since the lines are one field in the form.
 */
export function placeIssues(form: FormInstance, issues: { path: (string | number)[]; message: string }[]) {
  const byField = new Map<string, string[]>();
  for (const i of issues) {
    const name = String(i.path[0] ?? '');
    const line = typeof i.path[1] === 'number' ? `${i18n.t('catalogue.copies.line', { n: i.path[1] + 1 })} ` : '';
    byField.set(name, [...(byField.get(name) ?? []), line + tr(i.message)]);
  }
  form.setFields([...byField].map(([name, errors]) => ({ name, errors })));
}

/**
 * Validates `body` with the server's own zod contract (issues under their fields), then posts it; server
 * issues (a duplicate barcode …) land under their fields too, anything else is shown as a message.
 * Resolves with the answer's data, or undefined when refused.
 */
export async function postChecked<T = unknown>(
  form: FormInstance,
  schema: z.ZodType,
  url: string,
  body: unknown,
  /** told the refusal's reason in words (the screen may show it beside its own "not saved" notice) */
  onRefused?: (reason: string) => void,
): Promise<T | undefined> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    placeIssues(
      form,
      parsed.error.issues.map((i) => ({ path: i.path as (string | number)[], message: i.message })),
    );
    return undefined;
  }
  try {
    return (await api.post<T>(url, body, { showError: false })) ?? ({} as T);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    if (err.status === 401) return undefined;
    // Per-line barcode issues (`barcodes.1`) are folded into their textarea; the rest go through fieldErrors.
    const lines = err.issues?.some((i) => i.path.includes('.'));
    if (lines && err.issues)
      placeIssues(
        form,
        err.issues.map((i) => ({
          path: i.path.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s)),
          message: i.message,
        })),
      );
    else fieldErrors(form, err);
    // An issue on a field the form does not show (the barcodes while they are generated) would be said
    // nowhere: it is shown as a message, like a refusal without issues.
    const shown = new Set(Object.keys(form.getFieldsValue()));
    const unseen = (err.issues ?? []).filter((i) => !shown.has(i.path.split('.')[0])).map((i) => tr(i.message));
    const reason = err.issues?.length ? err.issues.map((i) => tr(i.message)).join('；') : err.msg;
    if (!err.issues?.length && err.msg) notify.error(err.msg);
    else if (unseen.length) notify.error(unseen.join('；'));
    if (reason) onRefused?.(reason);
    return undefined;
  }
}

/** postChecked, then "saved"; resolves true when saved. */
export async function submitChecked(form: FormInstance, schema: z.ZodType, url: string, body: unknown) {
  const data = await postChecked(form, schema, url, body);
  if (data === undefined) return false;
  notify.success(i18n.t('catalogue.saved'));
  return true;
}

/** A field's old issue goes away as soon as it is edited (issues set by hand stay until cleared). */
export const clearOnChange = (form: FormInstance) => (changed: Record<string, unknown>) =>
  form.setFields(Object.keys(changed).map((name) => ({ name, errors: [] })));
