import { Navigate } from 'react-router';
import { useLocalePath } from '@/i18n/use-locale';
import { Forbidden } from '../components/staff-only';
import { useStaffPages } from '../hooks/use-staff-pages';

/**
 * /staff: the first console page the caller's roles reach, which asks for the second factor
 * itself; anyone else is told the area is for staff, as on every console page.
 */
export function StaffHomePage() {
  const [first] = useStaffPages();
  const localize = useLocalePath();
  if (!first) return <Forbidden />;
  return <Navigate replace to={localize(first.to)} />;
}
