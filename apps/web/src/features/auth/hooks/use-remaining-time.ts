import { useEffect, useState } from 'react';

/** Milliseconds left until `target` (ISO date-time), ticking every second; 0 once passed. */
export function useRemainingTime(target: string | null | undefined): number {
  const targetMs = target ? Date.parse(target) : Number.NaN;
  const [now, setNow] = useState(() => Date.now());
  const remaining = Number.isNaN(targetMs) ? 0 : Math.max(0, targetMs - now);

  useEffect(() => {
    setNow(Date.now());
    if (Number.isNaN(targetMs) || targetMs <= Date.now()) return;
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= targetMs) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [targetMs]);

  return remaining;
}
