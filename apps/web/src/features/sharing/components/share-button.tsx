import { Share2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '@/components/ui/button-variants';
import { useToast } from '@/components/ui/use-toast';
import { useHydrated } from '@/hooks/use-hydrated';
import { useLocale } from '@/i18n/use-locale';

/**
 * The address to share: without a language prefix, so it opens in the recipient's own
 * language when they have one, and in the sharer's (`lng`) otherwise (see linkLocale on
 * the server).
 */
export function shareUrlOf(origin: string, path: string, sharerLocale: string): string {
  return `${origin}${path}?lng=${encodeURIComponent(sharerLocale)}`;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Shares a page: the system's share sheet (Web Share API) where the browser has one, else
 * the link is copied with a confirmation. Reads `navigator` only when pressed.
 */
export function ShareButton({ path, name }: { path: string; name: string }) {
  const { t, ready } = useTranslation('sharing');
  const locale = useLocale();
  const { toast } = useToast();
  const isHydrated = useHydrated();
  if (!isHydrated || !ready) return null;

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: t('copied'), description: t('copiedText'), color: 'success', timeout: 3000 });
    } catch {
      toast({ title: t('copyFailed'), description: t('copyFailedText', { url }), color: 'error', timeout: 0 });
    }
  };

  const share = async () => {
    const url = shareUrlOf(window.location.origin, path, locale);
    const data = { title: t('title', { name }), text: t('text', { name }), url };
    if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
      try {
        await navigator.share(data);
        return;
      } catch (error) {
        // The person closed the share sheet: nothing to say.
        if (isAbort(error)) return;
      }
    }
    await copy(url);
  };

  return (
    <button
      type="button"
      data-testid="share-button"
      onClick={() => void share()}
      className={buttonVariants({ variant: 'outline', size: 'sm', className: 'h-10' })}
    >
      <Share2 aria-hidden="true" />
      {t('button')}
    </button>
  );
}
