// A latch that a reader sleeps on between polls: a wake-up hint ends the sleep early,
// the timeout makes sure a lost hint only costs one poll interval.
export class WakeLatch {
  private pending = false;
  private waiter: (() => void) | undefined;

  wake = (): void => {
    this.pending = true;
    this.waiter?.();
  };

  /**
   * Resolves at the next wake-up (or at once if one came since the last call), or after `timeoutMs`:
   * with true when woken, false when the time ran out.
   */
  sleep(timeoutMs: number): Promise<boolean> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const done = (woken: boolean) => {
        clearTimeout(timer);
        this.waiter = undefined;
        this.pending = false;
        resolve(woken);
      };
      const timer = setTimeout(() => done(false), timeoutMs);
      this.waiter = () => done(true);
    });
  }
}
