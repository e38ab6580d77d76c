import { LINK_CODE, LinkCreate, type LinkDto, LinkUpdate } from '@shuyuan/contracts/bulletin/bulletin';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import type { ResourcePageDef } from '../../kit/types.ts';

const def: ResourcePageDef<LinkDto> = {
  area: 'Bulletin',
  entity: 'Link',
  permission: LINK_CODE,
  title: 'bulletin.linkEntity',
  contracts: { create: LinkCreate, update: LinkUpdate },
  fields: [
    { name: 'name', label: 'bulletin.linkName', span: 12 },
    {
      name: 'url',
      label: 'bulletin.url',
      span: 12,
      render: (v) => (
        <a href={v} target="_blank" rel="noopener noreferrer">
          {v}
        </a>
      ),
    },
    { name: 'description', label: 'bulletin.description', type: 'textarea' },
    { name: 'logo', label: 'bulletin.logo', type: 'image', imageCategory: 'logo' },
    { name: 'sort', label: 'bulletin.sort', type: 'number', default: 0, span: 12, width: 80 },
    {
      name: 'state',
      label: 'bulletin.shown',
      type: 'select',
      inSearch: true,
      default: 1,
      span: 12,
      options: [
        { value: 1, label: 'kit.state.on' },
        { value: 0, label: 'kit.state.off' },
      ],
    },
  ],
  fromForm: (v) => ({ ...v, logo: v.logo ?? '' }),
};

/** /external-links: network resources the public site lists (/search/networkresource). */
export default function LinksPage() {
  return <ResourcePage def={def} />;
}
