import { type ErrorLogDto, LOG_CODES } from '@shuyuan/contracts/logs/log';
import { useColumns } from './columns.ts';
import { LogList, type LogScreen, Pre } from './log-list.tsx';
import { fmtTime } from '../../kit/time.ts';

const def: Omit<LogScreen<ErrorLogDto>, 'columns'> = {
  entity: 'ErrorLog',
  permission: LOG_CODES.error,
  filters: ['action'],
  actionLabel: 'logs.filter.pathOrMessage',
  detail: (r) => [
    { label: 'logs.col.time', value: fmtTime(r.createdAt) },
    { label: 'logs.col.requestId', value: r.requestId },
    { label: 'logs.col.path', value: `${r.method} ${r.path}` },
    { label: 'logs.col.message', value: r.message },
    { label: 'logs.col.stack', value: <Pre>{r.stack}</Pre> },
  ],
};

/** /sys/log/error: unexpected server errors with the reference number users were shown. */
export default function ErrorLogPage() {
  const columns = useColumns<ErrorLogDto>([
    ['logs.col.time', (r) => fmtTime(r.createdAt), 170],
    ['logs.col.requestId', (r) => r.requestId, 140],
    ['logs.col.path', (r) => `${r.method} ${r.path}`, 280],
    ['logs.col.message', (r) => r.message],
  ]);
  return <LogList def={{ ...def, columns }} />;
}
