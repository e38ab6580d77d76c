import type { ClassNode, ClassScheme } from '@shuyuan/contracts/classification/classification';
import { P } from '@shuyuan/contracts/common/paths';
import { Button, Input, List, Modal, Segmented, Space, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';

/** A class in an antd tree: loaded lazily, one level at a time. */
export type ClassTreeNode = DataNode & { code: string };
type Node = ClassTreeNode;

/** Children of a node; Dewey through its own endpoint, which names the built-in classes in the user's language. */
export function classChildren(scheme: ClassScheme, parent?: string): Promise<ClassNode[]> {
  if (scheme === 'dewey') return api.post(`${P}/Literature/GetDeweyClassification`, { parent });
  return api.post(`${P}/Classification/GetClassTree`, { scheme, parent });
}
export const toClassNode = (n: ClassNode): Node => ({
  key: n.code,
  code: n.code,
  title: `${n.code}  ${n.name}`,
  isLeaf: !n.hasChildren,
});

/** The tree with `kids` hung under the node `key` (antd's loadData pattern). */
export function withChildren(list: Node[], key: string, kids: Node[]): Node[] {
  return list.map((n) =>
    n.key === key
      ? { ...n, children: kids }
      : n.children
        ? { ...n, children: withChildren(n.children as Node[], key, kids) }
        : n,
  );
}

interface Props {
  value?: string;
  onChange?: (code: string) => void;
  placeholder?: string;
}

/**
 * The class number field: typed directly, or picked from the CLC / Dewey / custom tree or a search by code
 * prefix or name (GetClassTree, FindClasses).
 */
export function ClassPicker({ value, onChange, placeholder }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [scheme, setScheme] = useState<ClassScheme>('clc');
  const [tree, setTree] = useState<Node[]>([]);
  const [q, setQ] = useState('');
  const [hits, setHits] = useState<ClassNode[] | null>(null);

  useEffect(() => {
    if (!open) return;
    setHits(null);
    classChildren(scheme)
      .then((l) => setTree(l.map(toClassNode)))
      .catch(() => setTree([]));
  }, [open, scheme]);

  const search = async (text: string) => {
    setQ(text);
    if (!text.trim()) return setHits(null);
    setHits(await api.post<ClassNode[]>(`${P}/Classification/FindClasses`, { scheme, q: text.trim(), limit: 50 }));
  };
  const pick = (code: string) => {
    onChange?.(code);
    setOpen(false);
  };

  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          allowClear
          className="sy-class-input"
          value={value}
          placeholder={placeholder}
          onChange={(e) => onChange?.(e.target.value)}
        />
        <Button className="sy-class-pick" onClick={() => setOpen(true)}>
          {t('catalogue.classPicker.open')}
        </Button>
      </Space.Compact>
      <Modal
        open={open}
        title={t('catalogue.classPicker.title')}
        footer={null}
        width={640}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          <Segmented
            value={scheme}
            onChange={(v) => setScheme(v as ClassScheme)}
            options={(['clc', 'dewey', 'custom'] as const).map((s) => ({
              value: s,
              label: t(`catalogue.classPicker.${s}`),
            }))}
          />
          <Input.Search
            allowClear
            className="sy-class-search"
            placeholder={t('catalogue.classPicker.search')}
            value={q}
            onChange={(e) => setQ(e.target.value)}
            onSearch={(v) => void search(v).catch(() => {})}
          />
          <div style={{ maxHeight: 420, overflow: 'auto' }}>
            {hits ? (
              <List
                size="small"
                dataSource={hits}
                locale={{ emptyText: t('catalogue.classPicker.none') }}
                renderItem={(n) => (
                  <List.Item className="sy-class-hit" style={{ cursor: 'pointer' }} onClick={() => pick(n.code)}>
                    <b style={{ minWidth: 90, display: 'inline-block' }}>{n.code}</b> {n.name}
                  </List.Item>
                )}
              />
            ) : (
              <Tree<Node>
                treeData={tree}
                onSelect={(_, { node }) => pick(node.code)}
                loadData={async (node) => {
                  if (node.children) return;
                  const kids = (await classChildren(scheme, node.code)).map(toClassNode);
                  setTree((old) => withChildren(old, node.code, kids));
                }}
              />
            )}
          </div>
        </Space>
      </Modal>
    </>
  );
}
