import type { ReactNode } from 'react';
import { getSession, useSession } from './session.ts';

/** True when the operations list of the session grants `code` ('*' grants everything). */
export function hasPermission(code: string, operations = getSession().operations): boolean {
  return operations.includes('*') || operations.includes(code);
}

/** `const canAdd = usePermission('sys.company:add')` — re-renders when the session's operations change. */
export function usePermission(code: string): boolean {
  return hasPermission(code, useSession().operations);
}

/** Renders its children only when the operation is granted: `<Can code="sys.company:delete">…</Can>`. */
export function Can({ code, children, fallback = null }: { code: string; children: ReactNode; fallback?: ReactNode }) {
  return <>{usePermission(code) ? children : fallback}</>;
}
