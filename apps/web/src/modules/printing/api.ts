import { P } from '@shuyuan/contracts/common/paths';
import type { BarcodeRuleDto } from '@shuyuan/contracts/printing/barcode-rule';
import type { LabelKind } from '@shuyuan/contracts/printing/label-template';
import type { TemplateDto } from '@shuyuan/contracts/printing/print-api';
import { useCallback, useEffect, useState } from 'react';
import { ApiError, api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';

export const PR = `${P}/Printing`;

/** The school's label templates of some kinds; `reload` after saving. */
export function useTemplates(kinds: readonly LabelKind[]) {
  const [list, setList] = useState<TemplateDto[]>([]);
  const key = kinds.join(',');
  const reload = useCallback(async () => {
    const all = await api.post<TemplateDto[]>(`${PR}/GetTemplateList`, {});
    setList(all.filter((x) => key.split(',').includes(x.kind)));
  }, [key]);
  useEffect(() => {
    void reload().catch(() => {});
  }, [reload]);
  return { list, reload };
}

export function useBarcodeRules() {
  const [rules, setRules] = useState<BarcodeRuleDto[]>([]);
  const reload = useCallback(async () => setRules(await api.post<BarcodeRuleDto[]>(`${PR}/GetBarcodeRules`, {})), []);
  useEffect(() => {
    void reload().catch(() => {});
  }, [reload]);
  return { rules, reload };
}

/** A PDF preview answer as an object URL for an iframe (revoked by the caller when replaced). */
export function pdfUrl(base64: string): string {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
}

/**
 * Print calls carry a nested selection (`source.from`, `source.barcodes.3`…) that no form field shows: the
 * toast names the first problems themselves instead of the generic "some fields are invalid".
 */
export async function printCall<T>(run: (opts: { showError: false }) => Promise<T>): Promise<T> {
  try {
    return await run({ showError: false });
  } catch (e) {
    if (e instanceof ApiError && e.status !== 401) {
      const issues = [...new Set((e.issues ?? []).map((i) => i.message))];
      notify.error(issues.length ? issues.slice(0, 3).join('; ') : e.msg);
    }
    throw e;
  }
}
