import { Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/ui/use-toast';
import { useRequireAuth } from '@/features/auth/hooks/use-require-auth';
import { useHydrated } from '@/hooks/use-hydrated';
import { cn } from '@/lib/cn';
import { useFavouriteIds } from '../api/get-favourite-ids';
import { useSetFavourite } from '../api/set-favourite';

/** The query parameter that brings a visitor back from signing in with the heart to set. */
export const KEEP_AFTER_SIGN_IN_PARAM = 'favourite';

const variantClasses = {
  /** Over a card's picture. */
  overlay: 'size-10 rounded-full bg-surface/95 shadow-card hover:bg-surface',
  /** Beside a profile's name. */
  outline:
    'h-10 gap-2 rounded-control border border-neutral-300 bg-surface px-3 text-sm font-semibold hover:bg-neutral-50',
} as const;

type FavouriteButtonProps = {
  guideId: string;
  guideName: string;
  variant: keyof typeof variantClasses;
  className?: string;
};

/**
 * The heart of a guide: keeps or lets go of the guide for a signed-in user; a visitor is
 * sent to sign in and comes back to the guide's page with the heart set. Shown once the
 * page is interactive only: it reads the session and the user's list, which the server's
 * rendering of a public page does not have; so the server, which renders a heart on every
 * card, runs none of its hooks.
 */
export function FavouriteButton(props: FavouriteButtonProps) {
  return useHydrated() ? <FavouriteToggle {...props} /> : null;
}

function FavouriteToggle({ guideId, guideName, variant, className }: FavouriteButtonProps) {
  const { t, ready } = useTranslation('favourites');
  const requireAuth = useRequireAuth();
  const { toast } = useToast();
  const ids = useFavouriteIds();
  const setFavourite = useSetFavourite();
  if (!ready) return null;

  const isFavourite = ids.data?.has(guideId) ?? false;
  const label = isFavourite ? t('button.remove', { name: guideName }) : t('button.add', { name: guideName });
  const toggle = () =>
    requireAuth(
      () =>
        setFavourite.mutate(
          { guideId, isFavourite: !isFavourite },
          { onError: () => toast({ title: t('button.failed'), color: 'error' }) },
        ),
      `/guides/${encodeURIComponent(guideId)}?${KEEP_AFTER_SIGN_IN_PARAM}=1`,
    );

  return (
    <button
      type="button"
      aria-pressed={isFavourite}
      aria-label={variant === 'overlay' ? label : undefined}
      title={label}
      data-testid="favourite-button"
      onClick={(event) => {
        // A card is one big link: the heart must not follow it.
        event.preventDefault();
        event.stopPropagation();
        toggle();
      }}
      className={cn(
        'relative z-10 inline-flex shrink-0 items-center justify-center text-neutral-800 transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
        variantClasses[variant],
        className,
      )}
    >
      <Heart
        aria-hidden="true"
        className={cn('size-5', isFavourite ? 'fill-error-600 text-error-600' : 'text-neutral-700')}
      />
      {variant === 'outline' ? <span>{label}</span> : null}
    </button>
  );
}

/** The heart over a guide summary card's picture (the home and destination rails). */
export function renderFavouriteHeart(guide: { id: string; name: string | null; surname: string | null }) {
  return (
    <FavouriteButton
      guideId={guide.id}
      guideName={[guide.name, guide.surname].filter(Boolean).join(' ')}
      variant="overlay"
      className="absolute end-3 top-3"
    />
  );
}
