import { P } from '@shuyuan/contracts/common/paths';
import { useEffect, useState } from 'react';
import { api } from '../../app/http.ts';

/** The school's locations (馆藏地) as select options; also names the location facet. */
export function useLocations(): { value: number; label: string }[] {
  const [list, setList] = useState<{ value: number; label: string }[]>([]);
  useEffect(() => {
    let alive = true;
    api
      .post<{ List: { id: number; name: string }[] }>(`${P}/Basic/GetLocationList`, { Page: 1, Rows: 500 })
      .then((d) => alive && setList((d?.List ?? []).map((l) => ({ value: l.id, label: l.name }))))
      .catch(() => {});
    return () => {
      alive = false;
    };
  }, []);
  return list;
}
