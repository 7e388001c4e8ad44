// Renders one money tab of the tutor dashboard (D1) on its own, at /tutor/dashboard in a memory
// router, with /tutor/login as the page a 401 leads to. The tab's calls go to tutorMoneyFakes.
import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { SessionProvider } from '../../src/ui/app/session';
import type { TutorTabPanelProps } from '../../src/ui/routes/tutor/dashboard/tutorTabs';
import { APPROVED_TUTOR } from '../machines/tutorProfiles';
import { renderInRouter } from '../support/renderRoute';

export function renderPanel(Panel: ComponentType<TutorTabPanelProps>) {
  return renderInRouter(
    '/tutor/dashboard',
    <Routes>
      <Route
        path="/tutor/dashboard"
        element={
          // The dashboard's session: a 401 in the tab ends it (the tab never logs out itself).
          <SessionProvider role="teacher" logout={fromPromise(async () => {})}>
            <Panel profile={APPROVED_TUTOR} />
          </SessionProvider>
        }
      />
      <Route path="/tutor/login" element={<h1>Tutor login</h1>} />
    </Routes>,
  );
}
