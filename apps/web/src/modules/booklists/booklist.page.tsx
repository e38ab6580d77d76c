import { BOOKLIST_CODE, BookListCreate, type BookListDto, BookListUpdate } from '@shuyuan/contracts/booklists/booklist';
import { P } from '@shuyuan/contracts/common/paths';
import { Modal } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { opacUrl } from '../../app/constants.ts';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import type { ResourcePageDef } from '../../kit/types.ts';
import { publishActions, publishFields } from '../bulletin/publish.tsx';
import { EntriesInput } from './entries-input.tsx';
import { ImportModal } from './import-modal.tsx';

const B = `${P}/BookLists`;

/**
 * /booklist: graded reading lists — target grades (none = every grade) and/or a theme, books of the catalogue or
 * titles not held yet, in order; import from xlsx, export, the missing ones to the wish list, publishing.
 */
export default function BookListPage() {
  const { t } = useTranslation();
  const [importing, setImporting] = useState<{ list: BookListDto; reload: () => void } | null>(null);
  const def = useMemo<ResourcePageDef<BookListDto>>(() => {
    const publish = publishActions<BookListDto>(`${B}/PublishBookList`, BOOKLIST_CODE, t);
    const wish = (row: BookListDto, reload: () => void) =>
      Modal.confirm({
        title: t('booklists.wish.confirm', { name: row.name }),
        content: t('booklists.wish.hint'),
        onOk: async () => {
          const r = await api.post<{ added: number; missing: number }>(`${B}/AddMissingToWishList`, { id: row.id });
          notify.success(t('booklists.wish.done', { added: r.added, missing: r.missing }));
          reload();
        },
      });
    return {
      area: 'BookLists',
      entity: 'BookList',
      permission: BOOKLIST_CODE,
      title: 'booklists.entity',
      contracts: { create: BookListCreate, update: BookListUpdate },
      modalWidth: 1100,
      fields: [
        {
          name: 'name',
          label: 'booklists.field.name',
          span: 12,
          render: (v, row) =>
            row.published ? (
              <a href={opacUrl(`/search/booklist/details?id=${row.id}`)} target="_blank" rel="noreferrer">
                {v}
              </a>
            ) : (
              v
            ),
        },
        { name: 'theme', label: 'booklists.field.theme', span: 12, width: 140 },
        {
          name: 'gradeIds',
          label: 'booklists.field.grades',
          type: 'select',
          multiple: true,
          span: 24,
          default: [],
          options: { url: `${B}/GetGrades`, value: 'id', label: 'name' },
          render: (_v, row) => (row.gradeNames.length ? row.gradeNames.join('、') : t('booklists.allGrades')),
          props: { optionFilterProp: 'label', 'data-testid': 'booklist-grades', placeholder: t('booklists.allGrades') },
        },
        ...publishFields<BookListDto>(),
        {
          name: 'heldCount',
          label: 'booklists.field.held',
          inForm: false,
          width: 110,
          render: (_v, row) => `${row.heldCount} / ${row.entryCount}`,
        },
        {
          name: 'description',
          label: 'booklists.field.description',
          type: 'textarea',
          inTable: false,
          props: { rows: 2, maxLength: 4000 },
        },
        {
          name: 'entries',
          label: 'booklists.field.entries',
          type: 'custom',
          default: [],
          inTable: false,
          input: (p) => <EntriesInput {...p} />,
        },
      ],
      rowActions: [
        ...publish.rowActions,
        {
          key: 'import',
          label: 'booklists.import.action',
          permission: `${BOOKLIST_CODE}:edit`,
          onClick: (row, h) => row && setImporting({ list: row, reload: h.reload }),
        },
        {
          key: 'wish',
          label: 'booklists.wish.action',
          permission: `${BOOKLIST_CODE}:edit`,
          onClick: (row, h) => row && wish(row, h.reload),
        },
        {
          key: 'export',
          label: 'booklists.export',
          permission: `${BOOKLIST_CODE}:export`,
          onClick: (row) => row && void api.download(`${B}/ExportEntries`, { id: row.id }),
        },
      ],
      toolbar: publish.toolbar,
    };
  }, [t]);
  return (
    <>
      <ResourcePage def={def} />
      <ImportModal
        list={importing?.list ?? null}
        onClose={() => setImporting(null)}
        onDone={() => importing?.reload()}
      />
    </>
  );
}
