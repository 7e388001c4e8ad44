// Time comes from here, never from `new Date()` in services, so tests can move it (D12, D13).
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
