import { P } from '@shuyuan/contracts/common/paths';
import type { UnionSchoolDto } from '@shuyuan/contracts/union/union';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { api } from '../../app/http.ts';
import { useSession } from '../../app/auth/session.ts';
import { meApi } from '../personal/personal-api.ts';
import { chooseSchool, type OpacSchool, useSchool } from '../school.ts';
import { useLoad, useTitle } from '../use-load.ts';

/**
 * /orschool: pick among the schools of the current school's unions (and, signed in, the schools one works in):
 * the public site then searches the chosen one (remembered on this device, as /transition does by code).
 */
export default function OrSchoolPage() {
  const { t, i18n } = useTranslation();
  useTitle(t('opac.orschool.title'));
  const current = useSchool();
  const { token } = useSession();
  const navigate = useNavigate();
  const union = useLoad(
    () => api.post<UnionSchoolDto[]>(`${P}/Union/PublicSchools`, {}, { showError: false }),
    [current?.id],
  );
  const mine = useLoad(() => (token ? meApi.user().then((u) => u.schools ?? []) : Promise.resolve([])), [token]);
  const name = (s: Pick<OpacSchool, 'name' | 'enName'>) => (i18n.language === 'en' && s.enName) || s.name;
  const pick = (s: OpacSchool) => {
    chooseSchool(s);
    navigate('/search');
  };
  const list = (schools: (OpacSchool & { unions?: string[] })[], label: string) => (
    <section aria-label={label}>
      <h2>{label}</h2>
      <ul className="opac-schools">
        {schools.map((s) => (
          <li key={s.id} data-code={s.code}>
            <span>
              {name(s)}
              {s.id === current?.id ? ` (${t('opac.orschool.current')})` : ''}
              {s.unions?.length ? <small className="opac-muted"> · {s.unions.join('、')}</small> : null}
            </span>
            {s.id !== current?.id && (
              <button type="button" className="opac-primary" onClick={() => pick(s)}>
                {t('opac.orschool.choose')}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
  return (
    <div className="opac-narrow">
      <h1>{t('opac.orschool.title')}</h1>
      {(mine.data?.length ?? 0) > 1 && list(mine.data ?? [], t('opac.orschool.yours'))}
      {union.data?.length ? (
        <>
          <p>{t('opac.orschool.intro')}</p>
          {list(union.data, t('opac.orschool.union'))}
        </>
      ) : (
        !union.loading && <p>{t('opac.orschool.none')}</p>
      )}
      <p>
        <Link to="/transition">{t('opac.nav.changeSchool')}</Link>
      </p>
    </div>
  );
}
