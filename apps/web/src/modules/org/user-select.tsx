import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';

type UserOption = { id: number; name: string; account: string };

let cached: Promise<UserOption[]> | null = null;

/** The school's users (GET /micro/basic/open/user/getUserSimpleAll), loaded once per page visit. */
function loadUsers(): Promise<UserOption[]> {
  cached ??= api.get<UserOption[]>('/micro/basic/open/user/getUserSimpleAll').catch((e) => {
    cached = null;
    throw e;
  });
  return cached;
}

/** Picks a user of the school (reading instructor, head teacher): searchable by name or account. */
export function UserSelect({ value, onChange }: { value?: number | null; onChange?: (v: number | null) => void }) {
  const { t } = useTranslation();
  const [users, setUsers] = useState<UserOption[]>([]);
  useEffect(() => {
    cached = null;
    void loadUsers().then(setUsers);
  }, []);
  return (
    <Select
      allowClear
      showSearch
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      placeholder={t('org.common.chooseUser')}
      optionFilterProp="label"
      options={users.map((u) => ({ value: u.id, label: `${u.name} (${u.account})` }))}
    />
  );
}
