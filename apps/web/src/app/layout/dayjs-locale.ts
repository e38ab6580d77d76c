import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useTranslation } from 'react-i18next';

let current = '';

/**
 * Keeps dayjs (dates of antd's pickers and of the screens) in the current language. Called by the staff layout
 * while it renders, so its screens get the right locale on their first render; only screens with dates need
 * dayjs, so the sign-in page does not load it.
 */
export function useDayjsLocale(): void {
  const { i18n } = useTranslation();
  const wanted = i18n.language !== 'en' ? 'zh-cn' : 'en';
  if (wanted !== current) {
    current = wanted;
    dayjs.locale(wanted);
  }
}
