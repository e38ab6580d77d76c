import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** The public site's address for a spec route: its own page, /library/opac.html, with the route as hash. */
export const opacUrl = (pathAndQuery: string) => `${import.meta.env.BASE_URL}opac.html#${pathAndQuery}`;

/**
 * A public-site route opened in the back office's page (a bookmark, the sign-in return to /search/personal):
 * the public site is its own page, so the browser goes there with the same route and query.
 */
export default function ToOpac() {
  const loc = useLocation();
  useEffect(() => {
    window.location.replace(opacUrl(`${loc.pathname}${loc.search}`));
  }, [loc.pathname, loc.search]);
  return null;
}
