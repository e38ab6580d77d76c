import { SignInScreen } from './sign-in-screen.tsx';

/** Public search sign-in (spec §2 /searchauth): same form, returns to the search site. */
export default function SearchAuthPage() {
  return <SignInScreen kind="search" />;
}
