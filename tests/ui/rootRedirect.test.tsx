// The root route '' (spec §2), reading the login flags through src/browser/storage. A logged-in
// tutor's dashboard sits behind the tutor guard, which loads the tutor (a fake server here).
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { storage } from '../../src/browser/storage';
import { renderRoute } from '../support/renderRoute';

vi.mock('../../src/api/actors/tutor', () => import('./tutorFakes'));
vi.mock('../../src/api/actors/student', () => import('./studentFakes'));

describe('root redirect', () => {
  it.each([
    { student: false, tutor: false, to: '/pay-tuition-fees', heading: 'Pay tuition fees' },
    { student: true, tutor: false, to: '/student/dashboard', heading: 'Welcome back' },
    { student: false, tutor: true, to: '/tutor/dashboard', heading: 'Hello, Asha Verma' },
    // The student flag wins at the root; the dashboard's guard refuses a tutor's session.
    { student: true, tutor: true, to: '/student/login', heading: 'Student login' },
  ])(
    'studentLogin=$student tutorLogin=$tutor goes to $to',
    async ({ student, tutor, to, heading }) => {
      if (student) {
        storage.set('studentLogin', true);
        storage.set('access-token', 'tok_student');
      }
      if (tutor) {
        storage.set('tutorLogin', true);
        storage.set('access-token', 'tok_tutor');
      }
      const { router } = renderRoute('/');
      expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
      expect(router.location.pathname).toBe(to);
      expect(router.navigationType).toBe('REPLACE');
    },
  );

  it.each(['false', 'yes', 'True', '1'])(
    "a flag stored as '%s' is not 'true': goes to /pay-tuition-fees",
    async (raw) => {
      localStorage.setItem('studentLogin', raw);
      localStorage.setItem('tutorLogin', raw);
      const { router } = renderRoute('/');
      expect(await screen.findByRole('heading', { name: 'Pay tuition fees' })).toBeInTheDocument();
      expect(router.location.pathname).toBe('/pay-tuition-fees');
    },
  );
});
