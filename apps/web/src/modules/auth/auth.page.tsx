import { SignInScreen } from './sign-in-screen.tsx';

/** Staff and reader sign-in (spec §2 /auth). */
export default function AuthPage() {
  return <SignInScreen kind="main" />;
}
