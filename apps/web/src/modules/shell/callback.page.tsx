import { CallbackView } from './callback-view.tsx';

export default function CallbackPage() {
  return <CallbackView kind="main" />;
}
