import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button-link';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useIsStaff } from '../hooks/use-is-staff';

/** Staff pages: anyone else sees that the area is for staff (the server refuses them too). */
export function StaffOnly({ children }: { children: ReactNode }) {
  const isStaff = useIsStaff();
  if (!isStaff) return <Forbidden />;
  return children;
}

export function Forbidden() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('forbidden.title'));
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <span className="flex size-16 items-center justify-center rounded-full bg-error-50 text-error-700">
        <ShieldAlert aria-hidden="true" className="size-8" />
      </span>
      <p className="mt-6 text-sm font-semibold text-error-700">403</p>
      <h1 className="mt-2 text-headline font-bold text-neutral-900">{t('forbidden.title')}</h1>
      <p className="mt-4 text-lg text-neutral-600">{t('forbidden.text')}</p>
      <ButtonLink to="/" size="lg" className="mt-8">
        {t('forbidden.home')}
      </ButtonLink>
    </div>
  );
}
