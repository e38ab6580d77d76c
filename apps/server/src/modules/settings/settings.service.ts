import type { FieldIssue } from '@shuyuan/contracts/common/envelope';
import {
  SETTING_BY_KEY,
  SETTINGS,
  type SaveSettingsBody,
  type SettingItem,
  type SettingScreen,
  valueSchema,
} from '@shuyuan/contracts/settings/registry';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Lang } from '@shuyuan/contracts/common/lang';
import { BizError, invalid } from '../../platform/errors.ts';
import { t } from '../../platform/i18n/messages.ts';
import { parseWith } from '../../platform/validate.ts';
import { configOf, configPart } from '../../platform/school-config.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { setting } from './setting.table.ts';

type Value = string | number | boolean;

/** The school's stored values (the configuration snapshot remembers them: school-config.ts). */
export const STORED_SETTINGS = configPart('settings', async (db, scope) => {
  const rows = await db.select({ key: setting.key, value: setting.value }).from(setting).where(scope.where(setting));
  return new Map(rows.map((r) => [r.key, r.value as Value]));
});

/** Values of the given keys (all registered keys when none) from the stored ones, defaults filled in. */
export function settingsFrom(stored: ReadonlyMap<string, Value>, keys?: string[]): Record<string, Value> {
  const wanted = (keys?.length ? keys : SETTINGS.map((s) => s.key)).filter((k) => SETTING_BY_KEY[k]);
  const out: Record<string, Value> = {};
  for (const k of wanted) out[k] = stored.get(k) ?? SETTING_BY_KEY[k].default;
  return out;
}

/** The school's values of the given keys (all registered keys when none), defaults filled in. */
export async function getSettings(db: Db, scope: Scope, keys?: string[]): Promise<Record<string, Value>> {
  return settingsFrom(await configOf(db, scope, STORED_SETTINGS), keys);
}

/** One setting for server code (e.g. circulation asks 'circ.borrowVerify'). */
export async function getSetting<T extends Value>(db: Db, scope: Scope, key: string): Promise<T> {
  return (await getSettings(db, scope, [key]))[key] as T;
}

export async function listScreen(db: Db, scope: Scope, screen: SettingScreen): Promise<SettingItem[]> {
  const defs = SETTINGS.filter((s) => s.screen === screen);
  const values = await getSettings(
    db,
    scope,
    defs.map((d) => d.key),
  );
  return defs.map((d) => ({ ...d, value: values[d.key] }));
}

/** Saves the values of one screen; every bad value is reported under `values.<key>`. */
export async function saveScreen(db: Db, scope: Scope, userId: number | null, body: SaveSettingsBody, lang: Lang) {
  const issues: FieldIssue[] = [];
  const clean: [string, Value][] = [];
  for (const [key, raw] of Object.entries(body.values)) {
    const d = SETTING_BY_KEY[key];
    if (!d || d.screen !== body.screen) {
      issues.push({ path: `values.${key}`, message: 'settings.unknownKey' });
      continue;
    }
    try {
      clean.push([key, parseWith(valueSchema(d), raw, lang) as Value]);
    } catch (e) {
      if (!(e instanceof BizError) || !e.issues) throw e;
      issues.push({ path: `values.${key}`, message: e.issues[0].message });
    }
  }
  if (issues.length) throw invalid(issues.map((i) => ({ ...i, message: t(lang, i.message) })));
  await db.transaction(async (tx) => {
    for (const [key, value] of clean) {
      await tx
        .insert(setting)
        .values(scope.values({ key, value, updatedBy: userId }))
        .onConflictDoUpdate({
          target: [setting.schoolId, setting.key],
          set: { value: sql`excluded.value`, updatedBy: userId, updatedAt: new Date() },
        });
    }
  });
  return { saved: clean.map(([k]) => k) };
}
