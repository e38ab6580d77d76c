import type { OperationLogDto } from '@shuyuan/contracts/logs/log';
import { LOG_CODES } from '@shuyuan/contracts/logs/log';
import { useColumns } from './columns.ts';
import { LogList, type LogScreen, Pre } from './log-list.tsx';
import { fmtTime } from '../../kit/time.ts';

const def: LogScreen<OperationLogDto> = {
  entity: 'OperationLog',
  permission: LOG_CODES.operation,
  filters: ['account', 'action'],
  columns: [],
  detail: (r) => [
    { label: 'logs.col.time', value: fmtTime(r.createdAt) },
    { label: 'logs.col.account', value: `${r.account ?? ''} ${r.userName ?? ''}` },
    { label: 'logs.col.action', value: r.action },
    { label: 'logs.col.path', value: r.path },
    { label: 'logs.col.ip', value: r.ip },
    { label: 'logs.col.requestId', value: r.requestId },
    { label: 'logs.col.detail', value: <Pre>{JSON.stringify(r.detail ?? {}, null, 2)}</Pre> },
  ],
};

/** /sys/log/operation: every write, who did it and when (read-only). */
export default function OperationLogPage() {
  const columns = useColumns<OperationLogDto>([
    ['logs.col.time', (r) => fmtTime(r.createdAt), 170],
    ['logs.col.account', (r) => r.account, 120],
    ['logs.col.userName', (r) => r.userName, 120],
    ['logs.col.action', (r) => r.action, 180],
    ['logs.col.path', (r) => r.path],
    ['logs.col.ip', (r) => r.ip, 130],
  ]);
  return <LogList def={{ ...def, columns }} />;
}
