import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { isControlTag } from '@shuyuan/contracts/marc/record';
import { Button, Input, Space, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type EditField, type EditSub, newField, sub } from './edit-model.ts';

const mono = { fontFamily: 'monospace' } as const;

interface Props {
  fields: EditField[];
  issues: Map<string, string[]>;
  readOnly: boolean;
  onChange: (fields: EditField[]) => void;
}

/** One input with its issue (red border, text under it) when the check found one at `path`. */
function Cell({
  path,
  issues,
  width,
  ...rest
}: { path: string; issues: Map<string, string[]>; width?: number } & React.ComponentProps<typeof Input>) {
  const errs = issues.get(path);
  return (
    <Tooltip title={errs?.join('; ')} open={errs ? undefined : false}>
      <Input
        {...rest}
        status={errs ? 'error' : undefined}
        style={{ ...mono, width, ...(rest.style ?? {}) }}
        data-path={path}
      />
    </Tooltip>
  );
}

/** The fields of a record as rows: tag, indicators, $subfields (or a control field's value); add, remove, move. */
export function FieldRows({ fields, issues, readOnly, onChange }: Props) {
  const { t } = useTranslation();
  const setField = (i: number, p: Partial<EditField>) => onChange(fields.map((f, j) => (j === i ? { ...f, ...p } : f)));
  const setSub = (i: number, s: number, p: Partial<EditSub>) =>
    setField(i, { subs: fields[i].subs.map((x, j) => (j === s ? { ...x, ...p } : x)) });
  const move = (i: number, d: -1 | 1) => {
    const next = [...fields];
    [next[i], next[i + d]] = [next[i + d], next[i]];
    onChange(next);
  };
  return (
    <div className="sy-marc-fields">
      {fields.map((f, i) => {
        const at = `fields.${i}`;
        const control = isControlTag(f.tag);
        const rowIssues = [...issues.entries()]
          .filter(([p]) => p === at || p.startsWith(`${at}.`))
          .flatMap(([, m]) => m);
        return (
          <div key={f.k} className="sy-marc-field" style={{ padding: '4px 0', borderBottom: '1px solid #f0f0f0' }}>
            <Space align="start" wrap size={4}>
              <Cell
                path={`${at}.tag`}
                issues={issues}
                width={60}
                maxLength={3}
                value={f.tag}
                readOnly={readOnly}
                aria-label={t('marc.tags.tag')}
                onChange={(e) => setField(i, { tag: e.target.value.trim(), subs: f.subs.length ? f.subs : [sub()] })}
              />
              {control ? (
                <Cell
                  path={`${at}.value`}
                  issues={issues}
                  width={520}
                  value={f.value}
                  readOnly={readOnly}
                  aria-label={t('marc.editor.value')}
                  onChange={(e) => setField(i, { value: e.target.value })}
                />
              ) : (
                <>
                  <Cell
                    path={`${at}.ind1`}
                    issues={issues}
                    width={36}
                    maxLength={1}
                    value={f.ind1 === ' ' ? '' : f.ind1}
                    placeholder="#"
                    readOnly={readOnly}
                    aria-label={t('marc.rules.ind1')}
                    onChange={(e) => setField(i, { ind1: e.target.value || ' ' })}
                  />
                  <Cell
                    path={`${at}.ind2`}
                    issues={issues}
                    width={36}
                    maxLength={1}
                    value={f.ind2 === ' ' ? '' : f.ind2}
                    placeholder="#"
                    readOnly={readOnly}
                    aria-label={t('marc.rules.ind2')}
                    onChange={(e) => setField(i, { ind2: e.target.value || ' ' })}
                  />
                  <Space direction="vertical" size={2}>
                    {f.subs.map((s, j) => (
                      <Space key={s.k} size={2}>
                        <Cell
                          path={`${at}.subfields.${j}.code`}
                          issues={issues}
                          width={48}
                          maxLength={1}
                          prefix="$"
                          value={s.code}
                          readOnly={readOnly}
                          aria-label={t('marc.editor.code')}
                          onChange={(e) => setSub(i, j, { code: e.target.value })}
                        />
                        <Cell
                          path={`${at}.subfields.${j}.value`}
                          issues={issues}
                          width={420}
                          value={s.value}
                          readOnly={readOnly}
                          aria-label={t('marc.editor.value')}
                          onChange={(e) => setSub(i, j, { value: e.target.value })}
                        />
                        {!readOnly && (
                          <Button
                            size="small"
                            type="text"
                            icon={<DeleteOutlined />}
                            title={t('marc.editor.removeSub')}
                            onClick={() => setField(i, { subs: f.subs.filter((_, x) => x !== j) })}
                          />
                        )}
                      </Space>
                    ))}
                    {!readOnly && (
                      <Button
                        size="small"
                        type="dashed"
                        icon={<PlusOutlined />}
                        onClick={() => setField(i, { subs: [...f.subs, sub('')] })}
                      >
                        {t('marc.editor.addSub')}
                      </Button>
                    )}
                  </Space>
                </>
              )}
              {!readOnly && (
                <Space size={0}>
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowUpOutlined />}
                    disabled={i === 0}
                    title={t('marc.editor.up')}
                    onClick={() => move(i, -1)}
                  />
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowDownOutlined />}
                    disabled={i === fields.length - 1}
                    title={t('marc.editor.down')}
                    onClick={() => move(i, 1)}
                  />
                  <Button
                    size="small"
                    type="text"
                    icon={<PlusOutlined />}
                    title={t('marc.editor.addAfter')}
                    onClick={() => onChange([...fields.slice(0, i + 1), newField(), ...fields.slice(i + 1)])}
                  />
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    title={t('marc.editor.removeField')}
                    onClick={() => onChange(fields.filter((_, j) => j !== i))}
                  />
                </Space>
              )}
            </Space>
            {rowIssues.length > 0 && (
              <div>
                {rowIssues.map((m) => (
                  <Typography.Text key={m} type="danger" style={{ display: 'block', fontSize: 12 }}>
                    {m}
                  </Typography.Text>
                ))}
              </div>
            )}
          </div>
        );
      })}
      {!readOnly && (
        <Button
          type="dashed"
          icon={<PlusOutlined />}
          style={{ marginTop: 8 }}
          onClick={() => onChange([...fields, newField()])}
        >
          {t('marc.editor.addField')}
        </Button>
      )}
    </div>
  );
}
