import { useCallback, useRef, useSyncExternalStore } from 'react';
import { chatSocket } from '../lib/chat-socket';
import { typingStore } from '../lib/typing-store';

/** Whether `userId` is typing in the conversation now. */
export function useIsTyping(conversationId: string, userId: string | undefined): boolean {
  return useSyncExternalStore(
    typingStore.subscribe,
    () => (userId ? typingStore.isTyping(conversationId, userId) : false),
    () => false,
  );
}

/** Tells the other participant we are typing, at most every 2 seconds. */
export function useSendTyping(conversationId: string): () => void {
  const lastSent = useRef(0);
  return useCallback(() => {
    const now = Date.now();
    if (now - lastSent.current < 2000) return;
    if (chatSocket.send({ type: 'typing', conversationId })) lastSent.current = now;
  }, [conversationId]);
}
