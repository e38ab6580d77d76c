import { CallbackView } from './callback-view.tsx';

/** Public search sign-in return (spec §2 /callbacksearch). */
export default function CallbackSearchPage() {
  return <CallbackView kind="search" />;
}
