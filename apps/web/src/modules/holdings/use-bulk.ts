import type { BulkAnswer } from '@shuyuan/contracts/holdings/bulk';
import { App } from 'antd';
import type { FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, fieldErrors } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';

/**
 * Preview, then apply: the apply button is offered only for the input that was previewed (any change to
 * the form asks for a new preview), and asks for confirmation with the counts.
 */
export function useBulk<A extends BulkAnswer = BulkAnswer>(form?: FormInstance) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [data, setData] = useState<A | null>(null);
  const [applied, setApplied] = useState(false);
  const [busy, setBusy] = useState(false);
  const [previewed, setPreviewed] = useState<string | null>(null);

  const call = async (url: string, body: unknown, isApply: boolean) => {
    setBusy(true);
    try {
      const d = await api.post<A>(url, body);
      setData(d);
      setApplied(isApply);
      setPreviewed(isApply ? null : JSON.stringify(body));
      if (isApply) notify.success(t('holdings.common.appliedToast', { ok: d.okCount, bad: d.badCount }));
      return d;
    } catch (e) {
      if (form) fieldErrors(form, e);
      return null;
    } finally {
      setBusy(false);
    }
  };

  return {
    data,
    applied,
    busy,
    /** True when `body` is what the last preview showed. */
    canApply: (body: unknown) => previewed === JSON.stringify(body) && !!data && data.okCount > 0,
    preview: (url: string, body: unknown) => call(url, body, false),
    apply: (url: string, body: unknown) =>
      new Promise<void>((resolve) => {
        modal.confirm({
          title: t('holdings.common.confirmTitle'),
          content: t('holdings.common.confirmApply', { ok: data?.okCount ?? 0, bad: data?.badCount ?? 0 }),
          okText: t('holdings.common.apply'),
          onOk: async () => {
            await call(url, body, true);
            resolve();
          },
          onCancel: () => resolve(),
        });
      }),
    reset: () => {
      setData(null);
      setPreviewed(null);
    },
  };
}
