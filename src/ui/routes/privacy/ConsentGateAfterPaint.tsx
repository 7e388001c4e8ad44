// The consent gate (ConsentGate.tsx) on a dashboard, fetched with its words after the
// dashboard's first paint: most visits have nothing to ask, and none asks before the page shows.
import { lazy } from 'react';
import { AfterPaint } from '../../app/AfterPaint';
import { loadInLanguage } from '../../app/loadInLanguage';

const ConsentGate = lazy(async () => ({
  default: (await loadInLanguage(() => import('./ConsentGate'))).ConsentGate,
}));

export function ConsentGateAfterPaint() {
  return (
    <AfterPaint>
      <ConsentGate />
    </AfterPaint>
  );
}
