import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useToast } from '@/components/ui/use-toast';
import { useUser } from '@/features/auth/hooks/use-user';
import { useSetFavourite } from '../api/set-favourite';
import { KEEP_AFTER_SIGN_IN_PARAM } from '../components/favourite-button';

/**
 * On a guide's page: a visitor who pressed the heart signed in and came back here with
 * `?favourite=1`; the guide is kept for them and the parameter leaves the address.
 */
export function useKeepAfterSignIn(guideId: string) {
  const { t } = useTranslation('favourites');
  const [params, setParams] = useSearchParams();
  const { isSignedIn } = useUser();
  const { toast } = useToast();
  const setFavourite = useSetFavourite();
  const isAsked = params.get(KEEP_AFTER_SIGN_IN_PARAM) === '1';
  const done = useRef(false);

  useEffect(() => {
    if (!isAsked || !isSignedIn || done.current) return;
    done.current = true;
    setFavourite.mutate(
      { guideId, isFavourite: true },
      {
        onSuccess: () => toast({ title: t('button.added'), color: 'success', timeout: 3000 }),
        onError: () => toast({ title: t('button.failed'), color: 'error' }),
      },
    );
    const next = new URLSearchParams(params);
    next.delete(KEEP_AFTER_SIGN_IN_PARAM);
    setParams(next, { replace: true });
  }, [isAsked, isSignedIn, guideId, params, setParams, setFavourite, toast, t]);
}
