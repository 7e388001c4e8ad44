// Hands locations from the router to the active-flow tracker. The tracker (XState + storage,
// ~20 KB gzip) loads just after the first paint to keep it off the critical path; locations
// visited before it arrives wait here and are replayed in order, so a student who taps on
// before the chunk lands on a slow network does not lose their flow.

export interface VisitedLocation {
  pathname: string;
  search: string;
}

export interface LocationFeed {
  publish(location: VisitedLocation): void;
  /** Receives the queued locations, then every new one, until the returned stop is called. */
  subscribe(listener: (location: VisitedLocation) => void): () => void;
}

export function createLocationFeed(): LocationFeed {
  const queue: VisitedLocation[] = [];
  let listener: ((location: VisitedLocation) => void) | null = null;
  return {
    publish(location) {
      if (listener) listener(location);
      else queue.push(location);
    },
    subscribe(next) {
      listener = next;
      for (const location of queue.splice(0)) next(location);
      return () => {
        if (listener === next) listener = null;
      };
    },
  };
}
