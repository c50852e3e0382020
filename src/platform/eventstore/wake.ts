// A latch that a reader sleeps on between polls: a wake-up hint ends the sleep early,
// the timeout makes sure a lost hint only costs one poll interval.
export class WakeLatch {
  private pending = false;
  private waiter: (() => void) | undefined;

  wake = (): void => {
    this.pending = true;
    this.waiter?.();
  };

  /** Resolves at the next wake-up (or at once if one came since the last call), or after `timeoutMs`. */
  sleep(timeoutMs: number): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiter = undefined;
        this.pending = false;
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.waiter = done;
    });
  }
}
