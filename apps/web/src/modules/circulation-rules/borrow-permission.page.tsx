import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { ClosedDays } from './closed-days.tsx';
import { RuleSettingsPanel } from './rule-settings.tsx';
import { RuleTest } from './rule-test.tsx';
import { RulesTable } from './rules-table.tsx';

/** /borrow-permission: the loan rule table, "test a rule", the overdue mode and the school calendar. */
export default function BorrowPermissionPage() {
  const { t } = useTranslation();
  return (
    <Tabs
      items={[
        { key: 'rules', label: t('circRules.tabs.rules'), children: <RulesTable /> },
        { key: 'test', label: t('circRules.tabs.test'), children: <RuleTest /> },
        { key: 'settings', label: t('circRules.tabs.settings'), children: <RuleSettingsPanel /> },
        { key: 'calendar', label: t('circRules.tabs.calendar'), children: <ClosedDays /> },
      ]}
    />
  );
}
