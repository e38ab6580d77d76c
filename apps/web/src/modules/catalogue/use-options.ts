import type { EditingConfig } from '@shuyuan/contracts/catalogue/editing-config';
import { DEFAULT_EDITING_CONFIG } from '@shuyuan/contracts/catalogue/editing-config';
import { P } from '@shuyuan/contracts/common/paths';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';

export type Opt = { value: number; label: string };

interface Named {
  id: number;
  name: string;
}
interface EditingOptions {
  branches: Named[];
  locations: (Named & { branchId: number })[];
  types: (Named & { enName: string })[];
  batches: (Named & { bookseller: string })[];
}
const EMPTY: EditingOptions = { branches: [], locations: [], types: [], batches: [] };

/**
 * One request for the screens that mount together (a catalogue screen and its editors each use the options): a
 * request in flight is shared, a later mount asks afresh (batches open and close meanwhile).
 */
let inFlight: Promise<EditingOptions | undefined> | null = null;
function loadOptions(): Promise<EditingOptions | undefined> {
  if (!inFlight) {
    inFlight = api.post<EditingOptions>(`${P}/Catalogue/GetEditingOptions`, {}, { showError: false });
    const clear = () => {
      inFlight = null;
    };
    inFlight.then(clear, clear);
  }
  return inFlight;
}

/**
 * What the cataloguing screens pick from (P/Catalogue/GetEditingOptions): branches, locations (with their
 * branch), resource types (named in the user's language) and open batches, as select options.
 */
export function useEditingOptions() {
  const { i18n } = useTranslation();
  const [data, setData] = useState<EditingOptions>(EMPTY);
  useEffect(() => {
    let alive = true;
    loadOptions()
      .then((d) => alive && setData(d ?? EMPTY))
      .catch(() => {});
    return () => {
      alive = false;
    };
  }, []);
  const opt = (r: Named): Opt => ({ value: r.id, label: r.name });
  return {
    branches: data.branches.map(opt),
    locations: data.locations.map(opt),
    locationsOf: (branchId?: number | null) =>
      data.locations.filter((l) => !branchId || l.branchId === branchId).map(opt),
    branchOfLocation: (locationId?: number | null) => data.locations.find((l) => l.id === locationId)?.branchId,
    types: data.types.map((r) => ({ value: r.id, label: (i18n.language === 'en' && r.enName) || r.name })),
    batches: data.batches.map((r) => ({ value: r.id, label: r.bookseller ? `${r.name} · ${r.bookseller}` : r.name })),
  };
}
export type EditingOpts = ReturnType<typeof useEditingOptions>;

/** The school's cataloguing settings (defaults until loaded); `reload` after saving them. */
export function useEditingConfig(): { config: EditingConfig; loaded: boolean; reload: () => void } {
  const [config, setConfig] = useState<EditingConfig>(DEFAULT_EDITING_CONFIG);
  const [loaded, setLoaded] = useState(false);
  const reload = useCallback(() => {
    api
      .post<EditingConfig>(`${P}/Literature/GetEditingConfig`, {})
      .then((c) => {
        setConfig(c);
        setLoaded(true);
      })
      .catch(() => {});
  }, []);
  useEffect(reload, [reload]);
  return { config, loaded, reload };
}
