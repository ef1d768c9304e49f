/** Where time comes from; time rules (code expiry, locks, cooldowns) are tested by moving a manual clock. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until moved; for tests. */
export class ManualClock implements Clock {
  private current: number;
  constructor(start: Date | string = new Date()) {
    this.current = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(seconds: number): void {
    this.current += seconds * 1000;
  }
  set(to: Date | string): void {
    this.current = new Date(to).getTime();
  }
}
