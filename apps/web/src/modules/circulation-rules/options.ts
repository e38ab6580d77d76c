import { P } from '@shuyuan/contracts/common/paths';
import { READER_IDENTITIES } from '@shuyuan/contracts/circulation/loan';
import type { Option, RemoteOptions } from '../../kit/types.ts';

/** Option sources shared by the rule and range screens. */
const list = (url: string): RemoteOptions => ({
  url,
  body: { Page: 1, Rows: 500 },
  list: true,
  value: 'id',
  label: 'name',
});

export const groupOptions = list(`${P}/Org/GetPermissionGroupList`);
export const resourceTypeOptions = list(`${P}/Basic/GetResourceTypeList`);
export const locationOptions = list(`${P}/Basic/GetLocationList`);
export const identityOptions: Option[] = READER_IDENTITIES.map((v) => ({ value: v, label: `circRules.identity.${v}` }));

/** Stable field objects for `useOptions` in hand-written forms. */
export const optionFields = {
  group: { name: 'permissionGroupId', label: 'circRules.rule.group', options: groupOptions },
  type: { name: 'resourceTypeId', label: 'circRules.rule.resourceType', options: resourceTypeOptions },
  location: { name: 'locationId', label: 'circRules.rule.location', options: locationOptions },
} as const;
