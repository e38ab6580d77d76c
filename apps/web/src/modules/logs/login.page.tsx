import { LOG_CODES, type LoginLogDto } from '@shuyuan/contracts/logs/log';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useColumns } from './columns.ts';
import { LogList, type LogScreen } from './log-list.tsx';
import { fmtTime } from '../../kit/time.ts';

/** /sys/log/login: every sign-in attempt, successful or not. */
export default function LoginLogPage() {
  const { t } = useTranslation();
  const result = (r: LoginLogDto) => (
    <Tag color={r.success ? 'green' : 'red'}>{t(r.success ? 'logs.success' : 'logs.failure')}</Tag>
  );
  const def: LogScreen<LoginLogDto> = {
    entity: 'LoginLog',
    permission: LOG_CODES.login,
    filters: ['account', 'action', 'success'],
    actionLabel: 'logs.filter.method',
    columns: useColumns<LoginLogDto>([
      ['logs.col.time', (r) => fmtTime(r.createdAt), 170],
      ['logs.col.account', (r) => r.account, 120],
      ['logs.col.userName', (r) => r.userName, 120],
      ['logs.col.result', result, 90],
      ['logs.col.reason', (r) => r.reason, 140],
      ['logs.col.method', (r) => r.method, 140],
      ['logs.col.ip', (r) => r.ip, 130],
    ]),
    detail: (r) => [
      { label: 'logs.col.time', value: fmtTime(r.createdAt) },
      { label: 'logs.col.account', value: `${r.account} ${r.userName ?? ''}` },
      { label: 'logs.col.result', value: result(r) },
      { label: 'logs.col.reason', value: r.reason },
      { label: 'logs.col.method', value: r.method },
      { label: 'logs.col.ip', value: r.ip },
      { label: 'logs.col.userAgent', value: r.userAgent },
    ],
  };
  return <LogList def={def} />;
}
