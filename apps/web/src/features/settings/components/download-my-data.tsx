import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/use-toast';
import { LocalizedLink } from '@/i18n/localized-link';
import { describeError } from '@/lib/describe-error';
import { useDownloadMyData } from '../api/download-my-data';

/** KVKK Art. 11 / GDPR Art. 15 and 20: a copy of one's data, at once and without asking anyone. */
export function DownloadMyData() {
  const { t } = useTranslation('settings');
  // Error titles come from the `errors` catalog through the default namespace's t.
  const { t: tDefault } = useTranslation();
  const { toast } = useToast();
  const download = useDownloadMyData();

  const start = () =>
    download.mutate(undefined, {
      onSuccess: (fileName) =>
        toast({
          color: 'success',
          title: t('myData.downloaded'),
          // Isolated, so the Latin file name keeps its order inside right-to-left text.
          description: t('myData.downloadedText', { fileName: `\u2068${fileName}\u2069` }),
        }),
      onError: (error) => toast({ color: 'error', ...describeError(error, tDefault) }),
    });

  return (
    <div className="flex flex-col items-start gap-4 text-sm leading-relaxed text-neutral-700">
      <p>{t('myData.contents')}</p>
      <p>
        {t('myData.rights')}{' '}
        <LocalizedLink to="/agreements/kvkk" className="font-medium text-brand-700 underline underline-offset-2">
          {t('myData.noticeLink')}
        </LocalizedLink>
      </p>
      <Button variant="outline" onClick={start} loading={download.isPending}>
        <Download aria-hidden="true" />
        {t('myData.download')}
      </Button>
    </div>
  );
}
