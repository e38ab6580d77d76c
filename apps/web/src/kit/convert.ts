import type { z } from 'zod';
import en from 'zod/v4/locales/en.js';
import zhCN from 'zod/v4/locales/zh-CN.js';
import type { FieldDef, ResourcePageDef } from './types.ts';

/** The fields shown in the add or the edit form. */
export function formFields(def: ResourcePageDef, mode: 'add' | 'edit'): FieldDef[] {
  return def.fields.filter((f) => {
    const v = f.inForm ?? true;
    return v === true || v === mode;
  });
}

/** True when the contract (an object schema) refuses a missing value for the field. */
function required(schema: z.ZodType, name: string): boolean {
  const field = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape?.[name];
  return !!field && !field.safeParse(undefined).success;
}

/** Form values → request body: unset optional fields are left out so the contract's defaults apply. */
export function toBody(
  def: ResourcePageDef,
  mode: 'add' | 'edit',
  values: Record<string, unknown>,
  row?: { id: number },
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const schema = mode === 'add' ? def.contracts.create : def.contracts.update;
  for (const f of formFields(def, mode)) {
    const v = values[f.name];
    const textual = !f.type || f.type === 'text' || f.type === 'textarea' || f.type === 'password';
    // An untouched REQUIRED text box goes as '' so the contract answers "please enter …" rather than
    // "expected string"; untouched optional fields are left out so the contract's defaults apply.
    if (v === undefined || v === null) {
      if (textual && required(schema, f.name)) body[f.name] = '';
      continue;
    }
    if (v === '' && !textual) continue;
    body[f.name] = v;
  }
  const out = def.fromForm ? def.fromForm(body, row as any) : body;
  return mode === 'edit' && row ? { ...out, id: row.id } : out;
}

const zodMaps = { zh: zhCN().localeError, en: en().localeError };

/**
 * Runs the shared contract; the issues keyed by dotted path. Contract messages are i18n keys; zod's own
 * (too small, wrong type) come in the user's language from zod's locales, as on the server.
 */
export function validate(schema: z.ZodType, body: unknown, lang: string): { path: string; message: string }[] {
  const r = schema.safeParse(body, { error: (lang === 'en' ? zodMaps.en : zodMaps.zh) as any });
  if (r.success) return [];
  return r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

/** Reads a (possibly nested) DTO value for a column. */
export function readPath(row: any, path: string | string[]): unknown {
  const parts = Array.isArray(path) ? path : path.split('.');
  return parts.reduce((o, k) => (o == null ? o : o[k]), row);
}

/**
 * Sorts issues onto the form's fields: the issue's own field, else its top field, else its last segment (a
 * nested value edited as a field). What fits no field is `loose` and has to be shown another way.
 */
export function placeIssues(
  issues: { path: string; message: string }[],
  names: Iterable<string>,
): { byField: Map<string, string[]>; loose: string[] } {
  const known = new Set(names);
  const byField = new Map<string, string[]>();
  const loose: string[] = [];
  for (const i of issues) {
    const parts = i.path.split('.');
    const name = [i.path, parts[0], parts[parts.length - 1]].find((n) => known.has(n));
    if (name) byField.set(name, [...(byField.get(name) ?? []), i.message]);
    else loose.push(i.message);
  }
  return { byField, loose };
}
