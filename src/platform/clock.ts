// The time the read side and the jobs go by (docs/architecture.md#time): the system's, or one a
// test sets, so expiry and the reminder windows are tested at their edges rather than waited for.

export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
