// Runs the activeFlow machine at the app root (spec §4): every location goes to the machine,
// which decides what is recorded; this file makes its `persistFlow` write to storage.
// Loaded lazily by RootLayout (see locationFeed.ts).
import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import {
  activeFlowMachine,
  type ActiveFlowRecord,
} from '../../../machines/activeFlow/activeFlow.machine';
import { storage } from '../../browser/storage';
import type { LocationFeed } from './locationFeed';

export function persistFlow(_: unknown, { flow, url, query }: ActiveFlowRecord): void {
  storage.set('activeFlow', flow);
  storage.set('activeFlowUrl', url);
  storage.set('activeFlowQuery', query);
}

const trackedFlowMachine = activeFlowMachine.provide({ actions: { persistFlow } });

/** Renders nothing; sends each location of the feed to the machine. */
export default function ActiveFlowTracker({ feed }: { feed: LocationFeed }) {
  const actorRef = useActorRef(trackedFlowMachine);
  useEffect(
    () =>
      feed.subscribe(({ pathname, search }) =>
        actorRef.send({ type: 'location.change', pathname, search }),
      ),
    [actorRef, feed],
  );
  return null;
}
