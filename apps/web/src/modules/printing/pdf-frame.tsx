import { Empty } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pdfUrl } from './api.ts';

/** Shows a base64 PDF (a server preview) in an iframe; the object URL is revoked when it changes. */
export function PdfFrame({ pdf, empty, height = 640 }: { pdf: string | null; empty: string; height?: number }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!pdf) {
      setUrl(null);
      return;
    }
    const u = pdfUrl(pdf);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [pdf]);
  if (!url) return <Empty description={empty} style={{ padding: 48 }} />;
  return (
    <iframe
      title={t('printing.job.previewFrame')}
      data-testid="print-preview"
      src={url}
      style={{ width: '100%', height, border: '1px solid #f0f0f0', borderRadius: 4 }}
    />
  );
}
