import { ConnectResult } from './connect-result.tsx';

export default function ConnectOauthPage() {
  return <ConnectResult kind="bind" />;
}
