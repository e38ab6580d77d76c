import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * `/callnumprint` (spec §2: the parent of standard and plug-in call number printing) opens standard printing,
 * keeping the address's query (e.g. `?barcodes=` from another screen).
 */
export default function CallnumprintPage() {
  const loc = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    navigate(`/callnumprint/common${loc.search}`, { replace: true });
  }, [loc.search, navigate]);
  return null;
}
