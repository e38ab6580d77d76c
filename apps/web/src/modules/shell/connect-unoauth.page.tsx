import { ConnectResult } from './connect-result.tsx';

export default function ConnectUnoauthPage() {
  return <ConnectResult kind="unbind" />;
}
