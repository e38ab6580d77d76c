import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { opacUrl } from '../../app/constants.ts';
import { LibraryInfoForm } from '../bulletin/library-info.tsx';
import { SettingsForm } from '../settings/settings-form.tsx';

/**
 * /search-mana: what the public search site shows (welcome line, hot words, home panels). Which copies and
 * locations the public sees is the resource-access rules' "can view"; opening the site is on /basic-config.
 */
export default function SearchManaPage() {
  const { t } = useTranslation();
  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={
          <span>
            {t('opac.mana.visibility')} <Link to="/resource-mana/basic-set/resource-auth">{t('opac.mana.rules')}</Link>
            {' · '}
            <a href={opacUrl('/search')} target="_blank" rel="noreferrer">
              {t('opac.mana.open')}
            </a>
          </span>
        }
      />
      <SettingsForm screen="search-mana" />
      <LibraryInfoForm />
    </>
  );
}
