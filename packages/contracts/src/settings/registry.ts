import { z } from 'zod';

/**
 * The typed registry of school settings (table `setting`: school_id, key, value jsonb). A key not listed here
 * cannot be stored. `screen` says where it is edited: /setting (school settings) or /basic-config (library
 * basic configuration). Labels are web i18n keys `settings.key.<key>`; groups `settings.group.<group>`.
 */
export type SettingType = 'string' | 'number' | 'boolean' | 'select' | 'image' | 'timezone';
export type SettingScreen = 'setting' | 'basic-config' | 'search-mana';
/** The screens made of settings (the screen's path = its permission code). */
export const SETTING_SCREENS = ['setting', 'basic-config', 'search-mana'] as const;

export interface SettingDef {
  key: string;
  type: SettingType;
  default: string | number | boolean;
  group: string;
  screen: SettingScreen;
  /** select: allowed values (labels `settings.option.<key>.<value>`). */
  options?: readonly string[];
  min?: number;
  max?: number;
}

const def = (d: SettingDef) => d;

export const SETTINGS = [
  def({ key: 'school.displayName', type: 'string', default: '', group: 'school', screen: 'setting' }),
  def({ key: 'school.logo', type: 'image', default: '', group: 'school', screen: 'setting' }),
  def({ key: 'school.timeZone', type: 'timezone', default: 'Asia/Shanghai', group: 'school', screen: 'setting' }),
  def({ key: 'circ.borrowVerify', type: 'boolean', default: false, group: 'security', screen: 'setting' }),
  // Spec §5 policy for staff accounts (read by sign-in password changes), and for readers (off: 6 characters).
  // The lockout (5 failures, 15 minutes) is a fixed rule of the spec, not a setting.
  def({ key: 'security.passwordPolicy', type: 'boolean', default: true, group: 'security', screen: 'setting' }),
  def({
    key: 'security.passwordPolicyReaders',
    type: 'boolean',
    default: false,
    group: 'security',
    screen: 'setting',
  }),
  // Backups (the installation's top-level school's values apply; modules/backup).
  def({ key: 'backup.enabled', type: 'boolean', default: true, group: 'backup', screen: 'setting' }),
  // The hour of the day (school time) the daily backup runs at.
  def({ key: 'backup.hour', type: 'number', default: 2, group: 'backup', screen: 'setting', min: 0, max: 23 }),
  def({ key: 'backup.keep', type: 'number', default: 14, group: 'backup', screen: 'setting', min: 1, max: 365 }),
  def({
    key: 'ui.menuVersion',
    type: 'select',
    default: 'old',
    group: 'display',
    screen: 'setting',
    options: ['old', 'new'],
  }),
  def({
    key: 'circ.overdueMode',
    type: 'select',
    default: 'unified-lendable',
    group: 'circulation',
    screen: 'basic-config',
    options: ['unified-lendable', 'unified-refusal', 'single'],
  }),
  // One max-loans limit over all resource types (true) or each resource type's rule counted alone (false).
  def({ key: 'circ.combinedLimit', type: 'boolean', default: true, group: 'circulation', screen: 'basic-config' }),
  def({
    key: 'circ.reservationHoldDays',
    type: 'number',
    default: 3,
    group: 'circulation',
    screen: 'basic-config',
    min: 1,
    max: 60,
  }),
  // Live reservations (waiting or on the hold shelf) a reader may have; 0 = no limit. Sent to machines as BZ.
  def({
    key: 'circ.maxReservations',
    type: 'number',
    default: 0,
    group: 'circulation',
    screen: 'basic-config',
    min: 0,
    max: 99,
  }),
  def({
    key: 'circ.reminderDaysBefore',
    type: 'number',
    default: 2,
    group: 'reminders',
    screen: 'basic-config',
    min: 0,
    max: 30,
  }),
  def({ key: 'circ.overdueReminder', type: 'boolean', default: false, group: 'reminders', screen: 'basic-config' }),
  def({ key: 'catalog.customClassify', type: 'boolean', default: false, group: 'catalogue', screen: 'basic-config' }),
  def({ key: 'catalog.afiInitial', type: 'string', default: '', group: 'catalogue', screen: 'basic-config' }),
  def({
    key: 'rfid.deviceType',
    type: 'select',
    default: 'none',
    group: 'devices',
    screen: 'basic-config',
    options: ['none', 'hf', 'uhf'],
  }),
  def({ key: 'opac.enabled', type: 'boolean', default: true, group: 'opac', screen: 'basic-config' }),
  // The school's public catalogue as an SRU source (/sru/<school code>) for district catalogues and other systems.
  def({ key: 'sru.enabled', type: 'boolean', default: true, group: 'opac', screen: 'basic-config' }),
  // /search-mana: what the public search site shows.
  def({ key: 'opac.welcome', type: 'string', default: '', group: 'opacSite', screen: 'search-mana' }),
  def({ key: 'opac.hotWords', type: 'string', default: '', group: 'opacSite', screen: 'search-mana' }),
  def({ key: 'opac.showFigures', type: 'boolean', default: true, group: 'opacSite', screen: 'search-mana' }),
  def({ key: 'opac.showNewBooks', type: 'boolean', default: true, group: 'opacSite', screen: 'search-mana' }),
  def({ key: 'opac.showRecommended', type: 'boolean', default: true, group: 'opacSite', screen: 'search-mana' }),
  // Guide screens and kiosks (seconds): how often the start screen turns its panels, when a touched one goes back.
  def({ key: 'guide.interval', type: 'number', default: 15, min: 3, max: 600, group: 'guide', screen: 'search-mana' }),
  def({ key: 'guide.idle', type: 'number', default: 60, min: 10, max: 3600, group: 'guide', screen: 'search-mana' }),
] as const satisfies readonly SettingDef[];

export type SettingKey = (typeof SETTINGS)[number]['key'];
export const SETTING_BY_KEY: Record<string, SettingDef> = Object.fromEntries(SETTINGS.map((s) => [s.key, s]));

/** The zod schema of one setting's value (shared by the form and the server). */
export function valueSchema(d: SettingDef): z.ZodType {
  switch (d.type) {
    case 'number': {
      let n = z.number().int();
      if (d.min !== undefined) n = n.min(d.min);
      if (d.max !== undefined) n = n.max(d.max);
      return n;
    }
    case 'boolean':
      return z.boolean();
    case 'select':
      return z.enum(d.options as [string, ...string[]]);
    case 'timezone':
      return z.string().refine(validTimeZone, 'settings.badTimeZone');
    case 'image':
      return z
        .string()
        .max(500)
        .refine((v) => v === '' || v.startsWith('/files/'), 'settings.badImage');
    default:
      return z.string().trim().max(200, 'validation.tooLong');
  }
}

function validTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export const GetConfigDataQuery = z.object({ keys: z.array(z.string()).max(100).optional() });
export const SettingListQuery = z.object({ screen: z.enum(SETTING_SCREENS) });
export const SaveSettingsBody = z.object({
  screen: z.enum(SETTING_SCREENS),
  values: z.record(z.string(), z.unknown()),
});
export type SaveSettingsBody = z.infer<typeof SaveSettingsBody>;

export interface SettingItem {
  key: string;
  type: SettingType;
  group: string;
  options?: readonly string[];
  min?: number;
  max?: number;
  default: string | number | boolean;
  value: string | number | boolean;
}
