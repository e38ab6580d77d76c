import { SettingsForm } from './settings-form.tsx';

/** /basic-config: the library's basic configuration (loan defaults, reminders, catalogue, devices, OPAC). */
export default function BasicConfigPage() {
  return <SettingsForm screen="basic-config" />;
}
