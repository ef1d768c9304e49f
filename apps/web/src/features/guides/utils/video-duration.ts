import { GUIDE_VIDEO_RECOMMENDED_SECONDS } from '@marco/contract/guides';

/**
 * The video's length in seconds, read by the browser from the file's metadata through a
 * detached <video> element; null when it cannot tell (unknown codec, no metadata in time).
 */
export function readVideoDuration(file: File, timeoutMs = 8000): Promise<number | null> {
  if (typeof URL.createObjectURL !== 'function') return Promise.resolve(null);
  return new Promise((resolve) => {
    const video = document.createElement('video');
    const url = URL.createObjectURL(file);
    let done = false;
    const finish = (value: number | null) => {
      if (done) return;
      done = true;
      window.clearTimeout(timer);
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
      resolve(value);
    };
    const timer = window.setTimeout(() => finish(null), timeoutMs);
    video.preload = 'metadata';
    video.muted = true;
    video.addEventListener('loadedmetadata', () =>
      finish(Number.isFinite(video.duration) && video.duration > 0 ? video.duration : null),
    );
    video.addEventListener('error', () => finish(null));
    video.src = url;
  });
}

/** spec §9: 1–2 minutes suggested; outside it the upload goes ahead with a warning. */
export function isOutsideRecommended(seconds: number): boolean {
  return seconds < GUIDE_VIDEO_RECOMMENDED_SECONDS.min || seconds > GUIDE_VIDEO_RECOMMENDED_SECONDS.max;
}

/** 75.4 → "1:15". */
export function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
