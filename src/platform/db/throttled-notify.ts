/**
 * A PostgreSQL NOTIFY on `channel` sent through `send`, at most once per `intervalMs`: the first
 * call after a quiet spell notifies at once (whoever waits learns of it without delay), calls
 * during the interval that follows share one more NOTIFY at its end. Under a stream of writes that
 * is one NOTIFY per interval instead of one per write, each of which every listener would handle.
 */
export class ThrottledNotify {
  private timer: NodeJS.Timeout | undefined;
  /** A call came while the last NOTIFY's interval ran: one more is due when it ends. */
  private due = false;
  private closed = false;

  constructor(
    private readonly channel: string,
    private readonly intervalMs: number,
    private readonly send: (statement: string) => Promise<unknown>,
  ) {}

  notify(): void {
    if (this.closed) return;
    if (this.timer) {
      this.due = true;
      return;
    }
    // A lost NOTIFY costs its listeners one poll interval, not correctness: they poll anyway.
    this.send(`SELECT pg_notify('${this.channel}', '')`).catch(() => {});
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (!this.due) return;
      this.due = false;
      this.notify();
    }, this.intervalMs);
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
  }
}
