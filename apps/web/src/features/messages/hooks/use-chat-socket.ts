import type { ServerEvent } from '@marco/contract/messaging';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { chatSocket, type SocketStatus } from '../lib/chat-socket';

/** Calls `listener` for every event of the page's socket while mounted. */
export function useChatEvents(listener: (event: ServerEvent) => void): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => chatSocket.subscribe((event) => latest.current(event)), []);
}

/** The socket's state: 'open' while live events arrive. */
export function useSocketStatus(): SocketStatus {
  return useSyncExternalStore(
    (notify) => chatSocket.onStatus(() => notify()),
    () => chatSocket.currentStatus,
    () => 'idle' as const,
  );
}
