import type { SchoolBrief } from '@shuyuan/contracts/auth/user';
import { useSyncExternalStore } from 'react';
import { enterPublicSearch } from '../app/auth/session.ts';

/** The school the reader chose by its code, remembered on this device (spec §6 public search mode). */
const KEY = 'shuyuan.opacSchool';

export type OpacSchool = Pick<SchoolBrief, 'id' | 'code' | 'name' | 'enName'>;

function read(): OpacSchool | null {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    return v && typeof v.id === 'number' ? v : null;
  } catch {
    return null;
  }
}

let current = read();
// Public search mode: requests carry the stored school (app/auth/session.ts currentSchoolHeader).
if (current) enterPublicSearch(current.id);
const listeners = new Set<() => void>();

export function chooseSchool(s: OpacSchool): void {
  current = { id: s.id, code: s.code, name: s.name, enName: s.enName };
  localStorage.setItem(KEY, JSON.stringify(current));
  enterPublicSearch(s.id);
  for (const l of listeners) l();
}

export function useSchool(): OpacSchool | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
  );
}
