import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** `/redirect/<path>` re-opens `<path>` (tab refresh: the view was dropped, so it mounts anew). */
export default function RedirectPage() {
  const loc = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const to = loc.pathname.replace(/^\/redirect/, '') || '/home';
    navigate(`${to}${loc.search}`, { replace: true });
  }, [loc.pathname, loc.search, navigate]);
  return null;
}
