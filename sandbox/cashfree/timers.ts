// The sandbox's background work (webhook deliveries and retries, the KYC review) runs on
// timers that all stop when the app closes, so a closed app never touches a closed database.
export function createTimers() {
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  return {
    get closed(): boolean {
      return closed;
    },
    /** Runs `run` after `ms` (0: on the next turn of the event loop) unless closed first. */
    later(ms: number, run: () => void): void {
      if (closed) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!closed) run();
      }, ms);
      timers.add(timer);
    },
    close(): void {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

export type Timers = ReturnType<typeof createTimers>;
