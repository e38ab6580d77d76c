import { Alert, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../app/auth/permission.tsx';
import { useSession } from '../../app/auth/session.ts';
import { BarcodeRules } from './barcode-rules.tsx';
import { PreprintRanges } from './preprint-ranges.tsx';
import { PrintWorkbench } from './print-workbench.tsx';
import { QuickPreprint } from './quick-preprint.tsx';
import type { SourceKind } from './source.ts';
import { TemplateEditor } from './template-editor.tsx';

/** Copies can be chosen these ways on every copy label screen. */
const COPY_SOURCES: SourceKind[] = ['search', 'batch', 'barcodeRange', 'callNoRange', 'barcodes'];

function Notice({ title, text }: { title?: string; text: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="info"
      showIcon
      message={title ? t(title) : undefined}
      description={t(text)}
      style={{ marginBottom: 16 }}
    />
  );
}

/** Print | Templates tabs; the templates tab shows when the user may manage that kind (or see the screen). */
function WithTemplates({ print, templates }: { print: ReactNode; templates: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Tabs
      items={[
        { key: 'print', label: t('printing.work.tabs.print'), children: print },
        { key: 'templates', label: t('printing.work.tabs.templates'), children: templates },
      ]}
    />
  );
}

/** /callnumprint/common */
export function CallnumCommon() {
  return <PrintWorkbench screen="callnumprint.common" sources={COPY_SOURCES} />;
}

/** /callnumprint/plugin — there is no browser plug-in: the server makes the file (PDF or HP-GL) to print directly. */
export function CallnumPlugin() {
  return (
    <PrintWorkbench
      screen="callnumprint.plugin"
      sources={COPY_SOURCES}
      notice={<Notice title="printing.plugin.title" text="printing.plugin.text" />}
    />
  );
}

/** /callnum-preprint — spine labels for call numbers typed in, before the copies exist. */
export function CallnumPreprint() {
  return <PrintWorkbench screen="callnum-preprint" sources={['callNumbers']} />;
}

/** /callnum-offprint — spine labels on pre-cut sheets: offsets, start label, test sheet. */
export function CallnumOffprint() {
  return (
    <PrintWorkbench
      screen="callnum-offprint"
      sources={COPY_SOURCES}
      alignment
      notice={<Notice text="printing.offprint.text" />}
    />
  );
}

/** /callnum-pltplot — HP-GL by template, and the spine templates. */
export function CallnumPltplot() {
  return (
    <WithTemplates
      print={
        <PrintWorkbench
          screen="callnum-pltplot"
          sources={COPY_SOURCES}
          output="hpgl"
          notice={<Notice title="printing.plt.title" text="printing.plt.text" />}
        />
      }
      templates={<TemplateEditor kinds={['spine']} />}
    />
  );
}

/** /barcodeprint */
export function Barcodeprint() {
  return <PrintWorkbench screen="barcodeprint" sources={COPY_SOURCES} />;
}

/** /barcodeprint2 — the scanning-first version: a barcode list checked against the rule as it is typed. */
export function Barcodeprint2() {
  return <PrintWorkbench screen="barcodeprint2" sources={['barcodes', 'barcodeRange', 'batch', 'search']} />;
}

/** /barcode-offprint */
export function BarcodeOffprint() {
  return (
    <PrintWorkbench
      screen="barcode-offprint"
      sources={COPY_SOURCES}
      alignment
      notice={<Notice text="printing.offprint.text" />}
    />
  );
}

/** /barcode-pltplot */
export function BarcodePltplot() {
  return (
    <WithTemplates
      print={
        <PrintWorkbench
          screen="barcode-pltplot"
          sources={COPY_SOURCES}
          output="hpgl"
          notice={<Notice title="printing.plt.title" text="printing.plt.text" />}
        />
      }
      templates={<TemplateEditor kinds={['barcode']} />}
    />
  );
}

/** /barcode-prepriting — saved ranges, and the school's barcode rules (tab). */
export function Prepriting() {
  const { t } = useTranslation();
  return (
    <>
      <Notice text="printing.preprint.text" />
      <Tabs
        items={[
          { key: 'ranges', label: t('printing.range.list'), children: <PreprintRanges screen="barcode-prepriting" /> },
          { key: 'rules', label: t('printing.rule.title'), children: <BarcodeRules /> },
        ]}
      />
    </>
  );
}

/** /barcode-prepriting2 */
export function Prepriting2() {
  return <QuickPreprint />;
}

/** /userprint — reader cards by grade/class (pick readers from the list), and the card templates. */
export function Userprint() {
  return (
    <WithTemplates
      print={<PrintWorkbench screen="userprint" sources={['readers']} />}
      templates={<TemplateEditor kinds={['readerCard']} />}
    />
  );
}

/** /print (Resources) — spine and barcode labels in one place; templates of the kinds the user may manage. */
export function LabelPrint() {
  const { t } = useTranslation();
  const ops = useSession().operations;
  const manage = (['spine', 'barcode'] as const).filter((k) =>
    hasPermission(`${k === 'spine' ? 'callnum-pltplot' : 'barcode-pltplot'}`, ops),
  );
  const print = <PrintWorkbench screen="print" sources={COPY_SOURCES} />;
  if (!manage.length) return print;
  return (
    <Tabs
      items={[
        { key: 'print', label: t('printing.work.tabs.print'), children: print },
        {
          key: 'templates',
          label: t('printing.work.tabs.templates'),
          children: <TemplateEditor kinds={[...manage]} />,
        },
      ]}
    />
  );
}
