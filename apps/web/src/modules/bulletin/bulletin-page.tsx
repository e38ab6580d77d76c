import { BulletinCreate, type BulletinDto, BulletinUpdate } from '@shuyuan/contracts/bulletin/bulletin';
import { P } from '@shuyuan/contracts/common/paths';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { opacUrl } from '../../app/constants.ts';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import type { FieldDef, ResourcePageDef } from '../../kit/types.ts';
import { PicturesInput } from './pictures.tsx';
import { publishActions, publishFields } from './publish.tsx';
import { RichTextInput } from './rich-text.tsx';

/**
 * /notice-list (notices and news) and /dynamics-museum (library dynamics with pictures): one table on the
 * server, two screens with their own permissions. Published items show on the public site's news page.
 */
export function BulletinPage({ entity, code }: { entity: 'Notice' | 'Dynamic'; code: string }) {
  const { t } = useTranslation();
  const def = useMemo<ResourcePageDef<BulletinDto>>(() => {
    const notice = entity === 'Notice';
    const fields: FieldDef<BulletinDto>[] = [
      {
        name: 'title',
        label: 'bulletin.title',
        render: (v, row) =>
          row.published ? (
            <a href={opacUrl(`/search/newsdetail?id=${row.id}`)} target="_blank" rel="noreferrer">
              {v}
            </a>
          ) : (
            v
          ),
      },
      ...(notice
        ? [
            {
              name: 'kind',
              label: 'bulletin.kind',
              type: 'select',
              inSearch: true,
              default: 'notice',
              span: 12,
              options: [
                { value: 'notice', label: 'bulletin.kinds.notice' },
                { value: 'news', label: 'bulletin.kinds.news' },
              ],
            } satisfies FieldDef<BulletinDto>,
          ]
        : []),
      { name: 'pinned', label: 'bulletin.pinned', type: 'switch', default: false, span: 12, width: 80 },
      ...publishFields<BulletinDto>(),
      { name: 'authorName', label: 'bulletin.author', inForm: false, width: 110 },
      { name: 'cover', label: 'bulletin.cover', type: 'image', imageCategory: 'picture', inTable: false },
      ...(notice
        ? []
        : [
            {
              name: 'pictures',
              label: 'bulletin.pictures',
              type: 'custom',
              inTable: false,
              default: [],
              input: (p) => <PicturesInput {...p} />,
            } satisfies FieldDef<BulletinDto>,
          ]),
      {
        name: 'content',
        label: 'bulletin.content',
        type: 'custom',
        inTable: false,
        default: '',
        input: (p) => <RichTextInput {...p} label={t('bulletin.content')} />,
      },
    ];
    return {
      area: 'Bulletin',
      entity,
      permission: code,
      title: notice ? 'bulletin.noticeEntity' : 'bulletin.dynamicEntity',
      contracts: { create: BulletinCreate, update: BulletinUpdate },
      fields,
      listBody: notice ? {} : { kind: 'dynamic' },
      fromForm: (v) => ({ ...v, kind: notice ? (v.kind ?? 'notice') : 'dynamic', cover: v.cover ?? '' }),
      modalWidth: 900,
      ...publishActions<BulletinDto>(`${P}/Bulletin/Publish${entity}`, code, t),
    };
  }, [entity, code, t]);
  return <ResourcePage def={def} />;
}
