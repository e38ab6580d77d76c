import { SettingsForm } from './settings-form.tsx';

/** /setting: the school's settings (name shown, logo, time zone, borrow verification, password policy…). */
export default function SettingPage() {
  return <SettingsForm screen="setting" />;
}
