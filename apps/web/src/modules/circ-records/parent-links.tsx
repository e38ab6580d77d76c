import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { PARENT_RELATIONS, type StudentParentDto } from '@shuyuan/contracts/circ-records/parents';
import type { ListData } from '@shuyuan/contracts/common/envelope';
import { Button, Form, Input, Modal, Select, Space, Table } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { api, fieldErrors } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { maskPhone } from '@shuyuan/contracts/common/validators';
import { specPagination } from '../../kit/pagination.ts';
import { ReaderSelect } from './reader-select.tsx';
import { URLS } from './shared.ts';

interface Editing {
  studentId?: number;
  studentLabel?: string;
}

/** Parent–student links: search, and set a student's parents (needs the readers screen's edit). */
export function ParentLinks() {
  const { t } = useTranslation();
  const canEdit = usePermission('department.user-transfer:edit');
  const [key, setKey] = useState('');
  const [page, setPage] = useState({ Page: 1, Rows: 20 });
  const [data, setData] = useState<ListData<StudentParentDto>>({ List: [], Total: 0 });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [form] = Form.useForm();
  const load = useCallback(
    () => api.post<ListData<StudentParentDto>>(URLS.links, { ...page, SearchKey: key }).then(setData, () => {}),
    [page, key],
  );
  useEffect(() => {
    load();
  }, [load]);

  const edit = async (studentId?: number, studentLabel?: string) => {
    form.resetFields();
    if (studentId) {
      const links = await api.post<ListData<StudentParentDto>>(URLS.links, { studentId, Page: 1, Rows: 20 });
      form.setFieldsValue({
        studentId,
        parents: links.List.map((l) => ({
          parentId: l.parentId,
          relation: l.relation,
          label: `${l.parentName} (${l.parentAccount})`,
        })),
      });
    } else form.setFieldsValue({ parents: [{ relation: 'guardian' }] });
    setEditing({ studentId, studentLabel });
  };
  const save = async () => {
    const v = form.getFieldsValue();
    try {
      await api.post(
        URLS.updateLinks,
        {
          studentId: v.studentId,
          parents: (v.parents ?? [])
            .filter((p: any) => p?.parentId)
            .map((p: any) => ({ parentId: p.parentId, relation: p.relation })),
        },
        { showError: false },
      );
      notify.success(t('circRecords.parents.saved'));
      setEditing(null);
      load();
    } catch (e) {
      if (!fieldErrors(form, e)) notify.error((e as { msg?: string }).msg ?? String(e));
    }
  };

  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('circRecords.parents.searchHint')}
          onSearch={(v) => {
            setKey(v);
            setPage((p) => ({ ...p, Page: 1 }));
          }}
          style={{ width: 280 }}
        />
        {canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => edit()}>
            {t('circRecords.parents.link')}
          </Button>
        )}
      </Space>
      <Table<StudentParentDto>
        rowKey="id"
        size="small"
        dataSource={data.List}
        pagination={specPagination(t, page.Page, page.Rows, data.Total, (Page, Rows) => setPage({ Page, Rows }))}
        columns={[
          {
            title: t('circRecords.parents.student'),
            key: 's',
            render: (_, r) => `${r.studentName} (${r.studentAccount})`,
          },
          { title: t('circRecords.col.class'), dataIndex: 'className' },
          {
            title: t('circRecords.parents.parent'),
            key: 'p',
            render: (_, r) => `${r.parentName} (${r.parentAccount})`,
          },
          {
            title: t('circRecords.parents.relation'),
            dataIndex: 'relation',
            render: (v) => t(`circRecords.relation.${v}`),
          },
          { title: t('circRecords.parents.phone'), dataIndex: 'parentPhone', render: (v) => (v ? maskPhone(v) : '') },
          ...(canEdit
            ? [
                {
                  title: t('circRecords.col.actions'),
                  key: 'a',
                  width: 100,
                  render: (_: unknown, r: StudentParentDto) => (
                    <Button
                      type="link"
                      size="small"
                      onClick={() => edit(r.studentId, `${r.studentName} (${r.studentAccount})`)}
                    >
                      {t('circRecords.parents.edit')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Modal
        open={!!editing}
        title={t('circRecords.parents.editTitle')}
        onCancel={() => setEditing(null)}
        onOk={save}
        width={640}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item name="studentId" label={t('circRecords.parents.student')} rules={[{ required: true }]}>
            <ReaderSelect
              identity="student"
              initial={editing?.studentId ? { value: editing.studentId, label: editing.studentLabel ?? '' } : undefined}
            />
          </Form.Item>
          <Form.List name="parents">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f) => (
                  <Space key={f.key} align="baseline">
                    <Form.Item name={[f.name, 'parentId']} label={t('circRecords.parents.parent')}>
                      <ReaderSelect
                        identity="parent"
                        initial={
                          form.getFieldValue(['parents', f.name, 'parentId'])
                            ? {
                                value: form.getFieldValue(['parents', f.name, 'parentId']),
                                label: form.getFieldValue(['parents', f.name, 'label']),
                              }
                            : undefined
                        }
                      />
                    </Form.Item>
                    <Form.Item
                      name={[f.name, 'relation']}
                      label={t('circRecords.parents.relation')}
                      initialValue="guardian"
                    >
                      <Select
                        style={{ width: 120 }}
                        options={PARENT_RELATIONS.map((r) => ({ value: r, label: t(`circRecords.relation.${r}`) }))}
                      />
                    </Form.Item>
                    <MinusCircleOutlined onClick={() => remove(f.name)} />
                  </Space>
                ))}
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => add({ relation: 'guardian' })}
                  disabled={fields.length >= 10}
                >
                  {t('circRecords.parents.addParent')}
                </Button>
              </>
            )}
          </Form.List>
        </Form>
      </Modal>
    </>
  );
}
