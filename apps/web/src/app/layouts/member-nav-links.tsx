import type { ReactNode } from 'react';
import { StaffNavLink } from '@/features/admin/components/staff-nav-link';
import { GuideNavLinks } from '@/features/guide-mode/components/guide-nav-links';
import { useGuideMode } from '@/features/guide-mode/hooks/use-guide-mode';

type NavLinkClass = (state: { isActive: boolean }) => string;

/**
 * A member's navigation: guide mode's links for an approved guide in guide mode (spec §6),
 * the traveller's links (`children`) otherwise, and the staff area for staff.
 */
export function MemberNavLinks({ className, children }: { className: NavLinkClass; children: ReactNode }) {
  const { mode } = useGuideMode();
  return (
    <>
      {mode === 'guide' ? <GuideNavLinks className={className} /> : children}
      <StaffNavLink className={className} />
    </>
  );
}
