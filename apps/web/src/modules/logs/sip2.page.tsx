import { LOG_CODES, type Sip2LogDto } from '@shuyuan/contracts/logs/log';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useColumns } from './columns.ts';
import { LogList, type LogScreen, Pre } from './log-list.tsx';
import { fmtTime } from '../../kit/time.ts';

/** /sys/log/sip2: requests and answers exchanged with self-check machines (written by the SIP2 service). */
export default function Sip2LogPage() {
  const { t } = useTranslation();
  const result = (r: Sip2LogDto) => (
    <Tag color={r.success ? 'green' : 'red'}>{t(r.success ? 'logs.success' : 'logs.failure')}</Tag>
  );
  const def: LogScreen<Sip2LogDto> = {
    entity: 'Sip2Log',
    permission: LOG_CODES.sip2,
    filters: ['account', 'action', 'success'],
    actionLabel: 'logs.filter.command',
    columns: useColumns<Sip2LogDto>([
      ['logs.col.time', (r) => fmtTime(r.createdAt), 170],
      ['logs.col.terminal', (r) => r.terminal, 120],
      ['logs.col.command', (r) => r.command, 80],
      ['logs.col.request', (r) => r.request.slice(0, 60)],
      ['logs.col.result', result, 90],
      ['logs.col.durationMs', (r) => r.durationMs, 100],
    ]),
    detail: (r) => [
      { label: 'logs.col.time', value: fmtTime(r.createdAt) },
      { label: 'logs.col.terminal', value: r.terminal },
      { label: 'logs.col.command', value: r.command },
      { label: 'logs.col.request', value: <Pre>{r.request}</Pre> },
      { label: 'logs.col.response', value: <Pre>{r.response}</Pre> },
      { label: 'logs.col.result', value: result(r) },
      { label: 'logs.col.ip', value: r.ip },
      { label: 'logs.col.durationMs', value: r.durationMs },
    ],
  };
  return <LogList def={def} />;
}
