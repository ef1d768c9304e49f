import { TYPING_INDICATOR_MS } from '@marco/contract/messaging-limits';

type Listener = () => void;

/** Who is typing where, until when; read with useSyncExternalStore. */
class TypingStore {
  private until = new Map<string, number>();
  private timers = new Map<string, ReturnType<typeof setTimeout>>();
  private listeners = new Set<Listener>();

  private key = (conversationId: string, userId: string) => `${conversationId}:${userId}`;

  mark(conversationId: string, userId: string) {
    const key = this.key(conversationId, userId);
    this.until.set(key, Date.now() + TYPING_INDICATOR_MS);
    clearTimeout(this.timers.get(key));
    this.timers.set(
      key,
      setTimeout(() => this.clear(conversationId, userId), TYPING_INDICATOR_MS),
    );
    this.emit();
  }

  /** A message from them ends their typing at once. */
  clear(conversationId: string, userId: string) {
    const key = this.key(conversationId, userId);
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
    if (this.until.delete(key)) this.emit();
  }

  isTyping(conversationId: string, userId: string): boolean {
    return (this.until.get(this.key(conversationId, userId)) ?? 0) > Date.now();
  }

  subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  private emit() {
    for (const listener of this.listeners) listener();
  }
}

export const typingStore = new TypingStore();
