import { describe, expect, it } from 'vitest';
import { createLocationFeed, type VisitedLocation } from '../../src/ui/app/locationFeed';

const at = (pathname: string, search = ''): VisitedLocation => ({ pathname, search });

describe('location feed', () => {
  it('queues locations until the tracker subscribes, then replays them in order', () => {
    const feed = createLocationFeed();
    feed.publish(at('/static-link/asha'));
    feed.publish(at('/student/login'));
    const seen: VisitedLocation[] = [];
    feed.subscribe((l) => seen.push(l));
    feed.publish(at('/pay/review', '?a=1'));
    expect(seen).toEqual([
      at('/static-link/asha'),
      at('/student/login'),
      at('/pay/review', '?a=1'),
    ]);
  });

  it('queues again after the tracker unsubscribes (e.g. StrictMode remount)', () => {
    const feed = createLocationFeed();
    const first: VisitedLocation[] = [];
    const stop = feed.subscribe((l) => first.push(l));
    stop();
    feed.publish(at('/tutors'));
    const second: VisitedLocation[] = [];
    feed.subscribe((l) => second.push(l));
    expect(first).toEqual([]);
    expect(second).toEqual([at('/tutors')]);
  });
});
