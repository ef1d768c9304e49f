import {
  GUIDE_VIDEO_MAX_BYTES,
  GUIDE_VIDEO_TYPES,
  type GuideVideo,
  type GuideVideoUploaded,
} from '@marco/contract/guides';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2, TriangleAlert } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useLocale } from '@/i18n/use-locale';
import { useDeleteGuideVideo } from '../api/delete-guide-video';
import { useGuideVideo } from '../api/get-guide-video';
import { guideKeys } from '../api/keys';
import { uploadGuideVideo } from '../api/upload-guide-video';
import { useFeedback } from '../hooks/use-feedback';
import { checkFile, useUploads } from '../hooks/use-uploads';
import { formatBytes } from '../utils/format';
import { formatDuration, isOutsideRecommended, readVideoDuration } from '../utils/video-duration';
import { DeleteFileDialog } from './delete-file-dialog';
import { QueryState } from './states';
import { UploadField } from './upload/upload-field';

const VIDEO_RULE = { types: GUIDE_VIDEO_TYPES, maxBytes: GUIDE_VIDEO_MAX_BYTES };

type DurationNotice = { kind: 'outside'; seconds: number } | { kind: 'unknown' } | null;

/** The intro video: one at a time, uploaded with progress; a length outside 1–2 minutes is warned about, not refused. */
export function VideoManager({ guideId }: { guideId: string }) {
  const query = useGuideVideo(guideId);
  return <QueryState query={query}>{(video) => <VideoPanel video={video} guideId={guideId} />}</QueryState>;
}

function VideoPanel({ video, guideId }: { video: GuideVideo | null; guideId: string }) {
  const { t } = useTranslation('guides');
  const locale = useLocale();
  const queryClient = useQueryClient();
  const feedback = useFeedback();
  const remove = useDeleteGuideVideo();
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<DurationNotice>(null);
  const [isReading, setReading] = useState(false);
  const durations = useRef(new Map<File, number | null>());

  const uploads = useUploads({
    rule: VIDEO_RULE,
    start: (file, onProgress) => uploadGuideVideo(file, durations.current.get(file) ?? null, onProgress),
    onUploaded: (uploaded: GuideVideoUploaded) => {
      const { warnings, ...saved } = uploaded;
      queryClient.setQueryData(guideKeys.video(guideId), saved);
      if (warnings.includes('DURATION_OUTSIDE_RECOMMENDED') && saved.durationSeconds != null) {
        setNotice({ kind: 'outside', seconds: saved.durationSeconds });
      }
      feedback.saved(t('video.uploaded'));
    },
  });

  const onFiles = async (files: File[]) => {
    const file = files[0];
    if (!file) return;
    setNotice(null);
    if (checkFile(file, VIDEO_RULE) === null) {
      setReading(true);
      const seconds = await readVideoDuration(file);
      setReading(false);
      durations.current.set(file, seconds);
      if (seconds === null) setNotice({ kind: 'unknown' });
      else if (isOutsideRecommended(seconds)) setNotice({ kind: 'outside', seconds });
    }
    uploads.add([file]);
  };

  const typesLabel = t('upload.videoTypes');
  return (
    <div className="flex flex-col gap-4">
      {video ? (
        <div className="overflow-hidden rounded-card border border-neutral-200 bg-surface">
          {/* biome-ignore lint/a11y/useMediaCaption: the guide's own intro video has no captions to offer. */}
          <video src={video.url} controls preload="metadata" className="aspect-video w-full bg-neutral-900" />
          <div className="flex items-center justify-between gap-3 p-3">
            <p className="text-sm text-neutral-600">
              {video.durationSeconds != null
                ? t('video.current', {
                    duration: formatDuration(video.durationSeconds),
                    size: formatBytes(video.sizeBytes, locale),
                  })
                : t('video.currentNoDuration', { size: formatBytes(video.sizeBytes, locale) })}
            </p>
            <Button variant="delete" size="sm" onClick={() => setConfirming(true)}>
              <Trash2 aria-hidden="true" />
              {t('actions.delete')}
            </Button>
          </div>
        </div>
      ) : null}
      {notice ? (
        <div
          role="status"
          className="flex items-start gap-3 rounded-control border border-warning-200 bg-warning-50 p-3.5 text-sm text-warning-800"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warning-600" />
          <p>
            {notice.kind === 'outside'
              ? t('video.outsideRecommended', { duration: formatDuration(notice.seconds) })
              : t('video.durationUnknown')}
          </p>
        </div>
      ) : null}
      <UploadField
        label={video ? t('video.replace') : t('video.choose')}
        hint={t('video.hint', { types: typesLabel, size: formatBytes(GUIDE_VIDEO_MAX_BYTES, locale) })}
        accept={GUIDE_VIDEO_TYPES}
        disabled={uploads.isUploading || isReading}
        onFiles={(files) => void onFiles(files)}
        uploads={uploads}
        typesLabel={typesLabel}
        maxBytes={GUIDE_VIDEO_MAX_BYTES}
      />
      <DeleteFileDialog
        file={confirming ? video : null}
        title={t('video.deleteTitle')}
        description={t('video.deleteText')}
        remove={remove}
        onClose={() => setConfirming(false)}
        onDeleted={() => setNotice(null)}
      />
    </div>
  );
}
