import { sanitizeHtml } from '@shuyuan/contracts/bulletin/sanitize';
import { P } from '@shuyuan/contracts/common/paths';
import { UPLOAD_IMAGE_EXT, UPLOAD_IMAGE_MAX, type UploadResult } from '@shuyuan/contracts/settings/upload';
import { Button, Input, Modal, Space, Tooltip, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';

type Command = { key: string; cmd: string; arg?: string; label: string };
const COMMANDS: Command[] = [
  { key: 'b', cmd: 'bold', label: 'B' },
  { key: 'i', cmd: 'italic', label: 'I' },
  { key: 'u', cmd: 'underline', label: 'U' },
  { key: 'h2', cmd: 'formatBlock', arg: 'h2', label: 'H2' },
  { key: 'h3', cmd: 'formatBlock', arg: 'h3', label: 'H3' },
  { key: 'p', cmd: 'formatBlock', arg: 'p', label: '¶' },
  { key: 'ul', cmd: 'insertUnorderedList', label: '•' },
  { key: 'ol', cmd: 'insertOrderedList', label: '1.' },
  { key: 'center', cmd: 'justifyCenter', label: '≡' },
];

/**
 * A small rich-text editor (bold, italic, headings, lists, centring, links, uploaded pictures) for notices, news
 * and the library introduction. Its value is HTML; the server sanitises it on save, this editor sanitises what is
 * pasted so the author sees what will be kept.
 */
export function RichTextInput({
  value,
  onChange,
  label,
}: {
  value?: string;
  onChange?: (html: string) => void;
  label?: string;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [linking, setLinking] = useState<string | null>(null);
  const saved = useRef<Range | null>(null);

  // Written only when the value comes from outside (opening another item), never while typing.
  useEffect(() => {
    const el = ref.current;
    if (el && el.innerHTML !== (value ?? '')) el.innerHTML = sanitizeHtml(value ?? '');
  }, [value]);

  const emit = () => onChange?.(ref.current?.innerHTML ?? '');
  const keepSelection = () => {
    const sel = window.getSelection();
    if (sel?.rangeCount && ref.current?.contains(sel.anchorNode)) saved.current = sel.getRangeAt(0);
  };
  const restore = () => {
    ref.current?.focus();
    const sel = window.getSelection();
    if (saved.current && sel) {
      sel.removeAllRanges();
      sel.addRange(saved.current);
    }
  };
  const run = (cmd: string, arg?: string) => {
    restore();
    document.execCommand(cmd, false, arg);
    emit();
  };
  const insertPicture = async (file: File) => {
    if (file.size > UPLOAD_IMAGE_MAX) {
      notify.error(t('kit.image.tooBig', { mb: UPLOAD_IMAGE_MAX / 1024 / 1024 }));
      return;
    }
    const fd = new FormData();
    fd.append('category', 'picture');
    fd.append('file', file, file.name);
    const r = await api.post<UploadResult>(`${P}/upload/post`, fd);
    run('insertHTML', `<img src="${r.url.replace(/"/g, '')}" alt="">`);
  };

  return (
    <div className="rich-text">
      <Space wrap size={4} style={{ marginBottom: 4 }} role="toolbar" aria-label={t('bulletin.editor.toolbar')}>
        {COMMANDS.map((c) => (
          <Tooltip key={c.key} title={t(`bulletin.editor.${c.key}`)}>
            <Button
              size="small"
              aria-label={t(`bulletin.editor.${c.key}`)}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => run(c.cmd, c.arg)}
            >
              {c.label}
            </Button>
          </Tooltip>
        ))}
        <Button
          size="small"
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => {
            keepSelection();
            setLinking('https://');
          }}
        >
          {t('bulletin.editor.link')}
        </Button>
        <Upload
          accept={UPLOAD_IMAGE_EXT.join(',')}
          showUploadList={false}
          beforeUpload={(file) => {
            keepSelection();
            void insertPicture(file);
            return false;
          }}
        >
          <Button size="small">{t('bulletin.editor.picture')}</Button>
        </Upload>
        <Button size="small" onMouseDown={(e) => e.preventDefault()} onClick={() => run('removeFormat')}>
          {t('bulletin.editor.clear')}
        </Button>
      </Space>
      <div
        ref={ref}
        className="rich-text-area"
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        tabIndex={0}
        style={{
          minHeight: 200,
          maxHeight: 480,
          overflow: 'auto',
          border: '1px solid #d9d9d9',
          borderRadius: 6,
          padding: '8px 11px',
        }}
        onInput={emit}
        onBlur={keepSelection}
        onKeyUp={keepSelection}
        onMouseUp={keepSelection}
        onPaste={(e) => {
          // Pasted HTML (from Word, web pages) is cleaned before it enters the editor.
          const html = e.clipboardData.getData('text/html');
          if (!html) return;
          e.preventDefault();
          document.execCommand('insertHTML', false, sanitizeHtml(html));
          emit();
        }}
      />
      <Modal
        open={linking !== null}
        title={t('bulletin.editor.link')}
        onCancel={() => setLinking(null)}
        onOk={() => {
          const url = (linking ?? '').trim();
          setLinking(null);
          if (/^(https?:\/\/|mailto:)/i.test(url)) run('createLink', url);
          else notify.error(t('bulletin.badUrl'));
        }}
        destroyOnHidden
      >
        <Input value={linking ?? ''} onChange={(e) => setLinking(e.target.value)} autoFocus />
      </Modal>
    </div>
  );
}
