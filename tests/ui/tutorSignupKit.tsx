// Renders /tutor/personal-details on its own (the tutor guard in front of it has tests of its
// own), with the places its links and navigations lead to.
import { Route, Routes } from 'react-router-dom';
import { storage } from '../../src/browser/storage';
import { TutorSignupPage } from '../../src/ui/routes/tutor/signup/TutorSignupPage';
import { renderInRouter } from '../support/renderRoute';

export const LOGIN_PAGE = 'Tutor login page';
export const DASHBOARD_PAGE = 'Tutor dashboard page';

/** A logged-in tutor (as after the OTP) with, optionally, the step the guard stored. */
export function signIn(step?: number) {
  storage.set('access-token', 'tok_test_1');
  storage.set('tutorLogin', true);
  storage.set('userId', '7');
  storage.set('phoneNumber', '9123456780');
  if (step !== undefined) storage.set('tutorOnboardingStep', step);
}

export function renderSignup() {
  return renderInRouter(
    '/tutor/personal-details',
    <Routes>
      <Route path="/tutor/personal-details" element={<TutorSignupPage />} />
      <Route path="/tutor/login" element={<p>{LOGIN_PAGE}</p>} />
      <Route path="/tutor/dashboard" element={<p>{DASHBOARD_PAGE}</p>} />
    </Routes>,
  );
}
