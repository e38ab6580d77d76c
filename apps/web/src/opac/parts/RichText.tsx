import { sanitizeHtml } from '@shuyuan/contracts/bulletin/sanitize';
import { useMemo } from 'react';

/**
 * Rich text the library published. The server stores it sanitised; it is sanitised again here so nothing but the
 * allowed tags can ever reach the page (and the Content-Security-Policy runs no inline script anyway).
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  if (!clean) return null;
  return (
    <div
      className={className ? `opac-rich ${className}` : 'opac-rich'}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the allow-list above
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}

/** A day as the reader's language writes it. */
export function day(iso: string | null | undefined, lang: string): string {
  if (!iso) return '';
  return new Date(iso).toLocaleDateString(lang === 'en' ? 'en-GB' : 'zh-CN', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}
