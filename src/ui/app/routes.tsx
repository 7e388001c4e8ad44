// Every route of spec §2 (and the marketing pages of D23). Every screen is lazy-loaded, so
// the first paint of a route loads the shell plus that screen only. Screens not built yet
// show a Placeholder with the screen's name; replace a `placeholder(...)` with
// `screen(() => import('../routes/<area>/<Name>Page'), '<Name>Page')` when the screen lands.
import type { ComponentType } from 'react';
import { replace, type RouteObject } from 'react-router-dom';
import { messages } from '../../domain/messages';
import { BootFallback, RootLayout, RouteError } from './RootLayout';

type Lazy = NonNullable<RouteObject['lazy']>;

/** A lazily loaded screen: `screen(() => import('./X'), 'XScreen')`. */
function screen<M extends Record<K, ComponentType>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): Lazy {
  return async () => ({ Component: (await load())[name] });
}

/** A screen not built yet: the shared Placeholder (one chunk) with the screen's name. */
function placeholder(title: string): Lazy {
  return async () => {
    const { Placeholder } = await import('../components/Placeholder');
    return {
      Component: function PlaceholderScreen() {
        return <Placeholder title={title} />;
      },
    };
  };
}

/** For routes whose loader always redirects: there is nothing to render. */
function Redirecting() {
  return null;
}

const notFound = screen(() => import('../routes/not-found/NotFoundPage'), 'NotFoundPage');

/** Placeholder headings: the screens' working names, until each screen is built. */
export const screenNames = {
  studentSignup: 'Student sign-up',
  studentDashboard: 'Student dashboard',
  paymentDetails: 'Payment details',
  tutorDetails: 'Tutor details',
  review: 'Review payment',
  gateway: 'Payment gateway',
  payRedirect: 'Payment redirect',
  payStatus: 'Payment status',
  paymentLink: 'Payment link',
  payTuitionFees: 'Pay tuition fees',
  tutorLogin: 'Tutor login',
  tutorPersonalDetails: 'Tutor sign-up',
  completeKyc: 'Complete KYC',
  tutorDashboard: 'Tutor dashboard',
  aadharVerification: 'Aadhaar verification countdown',
  aadharRedirect: 'Aadhaar redirect',
  tutorProfile: 'Tutor profile',
} as const;

const n = screenNames;

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: BootFallback,
    ErrorBoundary: RouteError,
    children: [
      // '' (spec §2): reads the login flags, so it loads storage; lazily, off the entry.
      {
        index: true,
        lazy: async () => ({
          loader: (await import('./rootRedirect')).rootRedirect,
          Component: Redirecting,
        }),
      },

      // Student and payment routes
      {
        path: 'student/login',
        lazy: screen(() => import('../routes/student/StudentLoginPage'), 'StudentLoginPage'),
      },
      { path: 'student/signup', lazy: placeholder(n.studentSignup) },
      { path: 'student/dashboard', lazy: placeholder(n.studentDashboard) },
      { path: 'pay/payment-details', lazy: placeholder(n.paymentDetails) },
      { path: 'pay/tutor-details', lazy: placeholder(n.tutorDetails) },
      { path: 'pay/review', lazy: placeholder(n.review) },
      { path: 'pay/payment-gateway-payment-flow', lazy: placeholder(n.gateway) },
      { path: 'pay/redirect', lazy: placeholder(n.payRedirect) },
      { path: 'pay/status', lazy: placeholder(n.payStatus) },
      // D1: the old success URL renders the same status page.
      { path: 'payment-successful', lazy: placeholder(n.payStatus) },
      { path: 'payment-link/:id', lazy: placeholder(n.paymentLink) },
      {
        path: 'static-link/:username',
        lazy: screen(() => import('../routes/static-link/StaticLinkPage'), 'StaticLinkPage'),
      },
      { path: 'pay-tuition-fees', lazy: placeholder(n.payTuitionFees) },

      // Tutor routes: the parent is where the tutor guard (spec §4) will sit.
      {
        path: 'tutor',
        children: [
          { index: true, loader: () => replace('/tutor/login'), Component: Redirecting },
          { path: 'login', lazy: placeholder(n.tutorLogin) },
          { path: 'personal-details', lazy: placeholder(n.tutorPersonalDetails) },
          { path: 'complete-kyc', lazy: placeholder(n.completeKyc) },
        ],
      },
      { path: 'tutor/dashboard', lazy: placeholder(n.tutorDashboard) },
      { path: 'tutor/aadhar-verification', lazy: placeholder(n.aadharVerification) },
      { path: 'tutor/onboarding/aadhar-redirect', lazy: placeholder(n.aadharRedirect) },

      // Marketing pages (D23); static segments rank above /:username.
      { path: 'tutors', lazy: placeholder(messages.nav.tutors) },
      { path: 'why-choose-us', lazy: placeholder(messages.nav.whyChooseUs) },
      { path: 'testimonials', lazy: placeholder(messages.nav.testimonials) },
      { path: 'contact', lazy: placeholder(messages.nav.contact) },

      // Public profile and policy pages.
      { path: ':username', lazy: placeholder(n.tutorProfile) },
      { path: ':username/terms-of-use', lazy: placeholder(messages.footer.termsOfUse) },
      { path: ':username/refund-policy', lazy: placeholder(messages.footer.refundPolicy) },
      { path: ':username/contact-policy', lazy: placeholder(messages.footer.contactPolicy) },
      { path: ':username/pricing', lazy: placeholder(messages.footer.pricing) },
      { path: ':username/privacy-policy', lazy: placeholder(messages.footer.privacyPolicy) },

      // 404
      { path: 'page-not-found', lazy: notFound },
      { path: '*', lazy: notFound },
    ],
  },
];
