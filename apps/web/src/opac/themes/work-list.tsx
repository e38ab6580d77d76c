import type { PublicSubmission } from '@shuyuan/contracts/themes/theme';
import { useTranslation } from 'react-i18next';
import { day } from '../parts/RichText.tsx';

/** Passed submissions as the public site and the hall screens show them: the name masked, never a class. */
export function WorkList({ items, className = 'opac-cards' }: { items: PublicSubmission[]; className?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <ul className={className}>
      {items.map((w) => (
        <li key={w.id}>
          <p className="opac-muted">
            {w.name} · {w.taskTitle} · {day(w.at, i18n.language)}
            {w.score != null && ` · ${t('opac.themes.score', { score: w.score })}`}
          </p>
          {w.kind === 'picture' ? (
            <img className="opac-work-picture" src={w.image} alt={t('opac.themes.workOf', { name: w.name })} />
          ) : (
            <p className="opac-work-text">{w.text}</p>
          )}
        </li>
      ))}
    </ul>
  );
}
