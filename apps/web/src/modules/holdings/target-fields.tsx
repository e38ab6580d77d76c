import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBranches, useLocations } from './shared.tsx';

/** Where copies go: a location (its branch follows) or a branch alone; a remark for the record. */
export function TargetFields() {
  const { t } = useTranslation();
  const branches = useBranches();
  const locations = useLocations();
  return (
    <>
      <Form.Item name="toLocationId" label={t('holdings.allocation.toLocation')}>
        <Select allowClear showSearch optionFilterProp="label" options={locations} style={{ width: 260 }} />
      </Form.Item>
      <Form.Item
        name="toBranchId"
        label={t('holdings.allocation.toBranch')}
        extra={t('holdings.allocation.branchHint')}
      >
        <Select allowClear showSearch optionFilterProp="label" options={branches} style={{ width: 260 }} />
      </Form.Item>
      <Form.Item name="remark" label={t('holdings.allocation.remark')}>
        <Input maxLength={200} style={{ width: 400 }} />
      </Form.Item>
    </>
  );
}
