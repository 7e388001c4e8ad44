// Every route of spec §2 (and D23) resolves to its screen, through the app's route table.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { renderRoute } from '../support/renderRoute';

// [url visited, heading expected] — written from the spec, not from the route table. Screens
// that redirect without a session (/student/signup, /pay/payment-gateway-payment-flow) are
// covered by their own tests (studentSignup, review); so are the tutor pages behind the guard
// without a session (/tutor/personal-details, /tutor/dashboard: tutorGuard; /student/dashboard
// and /student/receipts/:id: studentDashboard).
const screens: [string, string][] = [
  ['/student/login', 'Student login'],
  ['/pay/payment-details', 'Payment details'],
  ['/pay/tutor-details', 'Tutor details'],
  ['/pay/review', 'Review payment'],
  ['/pay/redirect', messages.redirect.title],
  ['/pay/status?order_id=order_1', messages.status.title],
  ['/payment-successful?order_id=order_1', messages.status.title],
  ['/payment-link/lnk_1', 'Payment link'],
  ['/static-link/asha', messages.staticLink.title],
  ['/pay-tuition-fees', 'Pay tuition fees'],
  ['/tutor/login', 'Tutor login'],
  ['/tutor/complete-kyc', messages.completeKyc.title],
  ['/tutor/aadhar-verification', messages.aadhaar.heading],
  ['/tutor/onboarding/aadhar-redirect', messages.aadhaar.redirectVerifying],
  ['/asha-verma', 'Tutor profile'],
  ['/asha-verma/terms-of-use', 'Terms of Use'],
  ['/asha-verma/refund-policy', 'Refund Policy'],
  ['/asha-verma/contact-policy', 'Contact Policy'],
  ['/asha-verma/pricing', 'Pricing'],
  ['/asha-verma/privacy-policy', 'Privacy Policy'],
  ['/tutors', 'Our Tutors'],
  ['/why-choose-us', 'Why Choose Us'],
  ['/testimonials', 'Testimonials'],
  ['/contact', 'Contact'],
  ['/terms-of-use', 'Terms of Use'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/page-not-found', messages.notFound.title],
];

describe('routes', () => {
  it.each(screens)('%s shows "%s"', async (url, heading) => {
    const { router } = renderRoute(url);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(router.location.pathname).toBe(url.split('?')[0]);
    if (heading !== messages.notFound.title) {
      expect(screen.queryByText(messages.notFound.body)).not.toBeInTheDocument();
    }
  });

  it('/tutor goes to the tutor login', async () => {
    const { router } = renderRoute('/tutor');
    expect(await screen.findByRole('heading', { name: 'Tutor login' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/tutor/login');
    expect(router.navigationType).toBe('REPLACE');
  });
});
