// Every route of spec §2 (and the marketing pages of D23), for the app and the tests alike.
// Declarative routes, not a data router: createBrowserRouter/RouterProvider cost ~16 KB gzip
// on every first paint. Every screen is lazy, so a route's first paint loads the shell plus
// that screen only. Screens not built yet show a Placeholder with the screen's name; replace
// a `<Placeholder title=… />` with the screen (`lazyNamed(() => import(…), '<Name>Page')`).
import { lazy, Suspense, useLayoutEffect, type ComponentType } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { ErrorBoundary } from './ErrorBoundary';
import { loadInLanguage } from './loadInLanguage';
import { handOverEarlyInput } from './earlyInput';
import { BootFallback, Redirect, RootLayout, RouteError } from './RootLayout';

/** React.lazy for a named export: `lazyNamed(() => import('./X'), 'XPage')`. */
// Only the named export need be a component: a page module may export its view too.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props, as React.lazy's own
function lazyNamed<K extends string, M extends Record<K, ComponentType<any>>>(
  load: () => Promise<M>,
  name: K,
) {
  return lazy(async () => {
    const Screen = (await loadInLanguage(load))[name];
    // D189, D216: the first screen in takes what was typed and pressed on its prerendered markup.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props, as above
    const WithEarlyInput = (props: any) => (
      <>
        <Screen {...props} />
        <EarlyInputHandOver />
      </>
    );
    return { default: WithEarlyInput };
  });
}

// A layout effect: it runs in the commit that hydrates the screen, before the screen's own
// layout effects' renders can put the rendered (empty) value back over the typed one, and
// before the next key: a key typed into the emptied field would have replaced what was there.
function EarlyInputHandOver() {
  useLayoutEffect(handOverEarlyInput, []);
  return null;
}

// '' reads the login flags, so storage loads lazily, off the entry chunk. The component is
// made here: a lazy module that imports the shell made Rolldown split React into an extra
// first-paint chunk.
const RootRedirect = lazy(async () => {
  const { rootRedirectPath } = await import('./rootRedirect');
  return { default: () => <Redirect to={rootRedirectPath()} /> };
});
const NotFoundPage = lazyNamed(() => import('../routes/not-found/NotFoundPage'), 'NotFoundPage');
const StudentLoginPage = lazyNamed(
  () => import('../routes/student/StudentLoginPage'),
  'StudentLoginPage',
);
const StudentSignupPage = lazyNamed(
  () => import('../routes/student/StudentSignupPage'),
  'StudentSignupPage',
);
const StudentDashboardPage = lazyNamed(
  () => import('../routes/student/dashboard/StudentDashboardPage'),
  'StudentDashboardPage',
);
const ReceiptPage = lazyNamed(() => import('../routes/student/receipt/ReceiptPage'), 'ReceiptPage');
// Issue 49: turning on Autopay, and the status the gateway's mandate page returns to.
const AutopaySetupPage = lazyNamed(
  () => import('../routes/student/autopay/AutopaySetupPage'),
  'AutopaySetupPage',
);
const MandateStatusPage = lazyNamed(
  () => import('../routes/student/autopay/MandateStatusPage'),
  'MandateStatusPage',
);
const StaticLinkPage = lazyNamed(
  () => import('../routes/static-link/StaticLinkPage'),
  'StaticLinkPage',
);
// Payment flow (spec §2, §4): pay by phone, tutor details, review and checkout (one layout
// keeps the payment actor across the two), redirect, status, payment link.
const PaymentDetailsPage = lazyNamed(
  () => import('../routes/pay/PaymentDetailsPage'),
  'PaymentDetailsPage',
);
const TutorDetailsPage = lazyNamed(
  () => import('../routes/pay/TutorDetailsPage'),
  'TutorDetailsPage',
);
const PaymentFlowLayout = lazyNamed(
  () => import('../routes/pay/PaymentFlowLayout'),
  'PaymentFlowLayout',
);
const ReviewPage = lazyNamed(() => import('../routes/pay/ReviewPage'), 'ReviewPage');
const GatewayPage = lazyNamed(() => import('../routes/pay/GatewayPage'), 'GatewayPage');
const PayRedirectPage = lazyNamed(() => import('../routes/pay/PayRedirectPage'), 'PayRedirectPage');
const PayStatusPage = lazyNamed(() => import('../routes/pay/PayStatusPage'), 'PayStatusPage');
const PaymentLinkPage = lazyNamed(
  () => import('../routes/payment-link/PaymentLinkPage'),
  'PaymentLinkPage',
);
const PayTuitionFeesPage = lazyNamed(
  () => import('../routes/pay-tuition-fees/PayTuitionFeesPage'),
  'PayTuitionFeesPage',
);
// Public profile, policy and marketing pages (spec §2, D23): one chunk each for the profile,
// the five policies and the four marketing pages.
const ProfilePage = lazyNamed(() => import('../routes/public/ProfilePage'), 'ProfilePage');
const PolicyPage = lazyNamed(() => import('../routes/public/PolicyPage'), 'PolicyPage');
// The product's own Terms of Use and Privacy Policy (the student login's consent links).
const ProductPolicyPage = lazyNamed(
  () => import('../routes/public/ProductPolicyPage'),
  'ProductPolicyPage',
);
// Tutor routes (spec §2, §4): the guard is the tutor/ layout; the two Aadhaar return pages sit
// outside it with their own session handling.
const TutorGuard = lazyNamed(() => import('../routes/tutor/guard/TutorGuard'), 'TutorGuard');
const TutorLoginPage = lazyNamed(
  () => import('../routes/tutor/login/TutorLoginPage'),
  'TutorLoginPage',
);
const TutorSignupPage = lazyNamed(
  () => import('../routes/tutor/signup/TutorSignupPage'),
  'TutorSignupPage',
);
const CompleteKycPage = lazyNamed(
  () => import('../routes/tutor/kyc/CompleteKycPage'),
  'CompleteKycPage',
);
const TutorDashboardPage = lazyNamed(
  () => import('../routes/tutor/dashboard/TutorDashboardPage'),
  'TutorDashboardPage',
);
const AadharVerificationPage = lazyNamed(
  () => import('../routes/tutor/kyc/AadharVerificationPage'),
  'AadharVerificationPage',
);
const AadharRedirectPage = lazyNamed(
  () => import('../routes/tutor/kyc/AadharRedirectPage'),
  'AadharRedirectPage',
);
const loadMarketing = () => import('../routes/marketing/MarketingPages');
const TutorsPage = lazyNamed(loadMarketing, 'TutorsPage');
const WhyChooseUsPage = lazyNamed(loadMarketing, 'WhyChooseUsPage');
const TestimonialsPage = lazyNamed(loadMarketing, 'TestimonialsPage');
const ContactPage = lazyNamed(loadMarketing, 'ContactPage');

/** The app's routes; render inside a router (BrowserRouter in the app, MemoryRouter in tests). */
export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    // Suspense shows the boot fallback while the root layout loads; each layout then loads its
    // screens under a boundary of its own (ScreenSuspense).
    <ErrorBoundary
      fallback={
        <>
          <RouteError />
          {/* No screen came: held presses are let go, not held for ever. */}
          <EarlyInputHandOver />
        </>
      }
      resetKey={pathname}
    >
      <Suspense fallback={<BootFallback />}>
        <Routes>
          <Route element={<RootLayout />}>
            <Route index element={<RootRedirect />} />

            {/* Student and payment routes */}
            <Route path="student/login" element={<StudentLoginPage />} />
            <Route path="student/signup" element={<StudentSignupPage />} />
            <Route path="student/dashboard" element={<StudentDashboardPage />} />
            <Route path="student/receipts/:orderId" element={<ReceiptPage />} />
            <Route path="student/autopay/setup/:planId/:studentId" element={<AutopaySetupPage />} />
            <Route path="student/autopay/:mandateId" element={<MandateStatusPage />} />
            <Route path="pay/payment-details" element={<PaymentDetailsPage />} />
            <Route path="pay/tutor-details" element={<TutorDetailsPage />} />
            <Route element={<PaymentFlowLayout />}>
              <Route path="pay/review" element={<ReviewPage />} />
              <Route path="pay/payment-gateway-payment-flow" element={<GatewayPage />} />
            </Route>
            <Route path="pay/redirect" element={<PayRedirectPage />} />
            <Route path="pay/status" element={<PayStatusPage />} />
            {/* D1: the old success URL renders the same status page. */}
            <Route path="payment-successful" element={<PayStatusPage />} />
            <Route path="payment-link/:id" element={<PaymentLinkPage />} />
            <Route path="static-link/:username" element={<StaticLinkPage />} />
            <Route path="pay-tuition-fees" element={<PayTuitionFeesPage />} />

            {/* Tutor routes: the parent is the tutor guard (spec §4). */}
            <Route path="tutor" element={<TutorGuard />}>
              <Route index element={<Redirect to="/tutor/login" />} />
              <Route path="login" element={<TutorLoginPage />} />
              <Route path="personal-details" element={<TutorSignupPage />} />
              <Route path="complete-kyc" element={<CompleteKycPage />} />
              <Route path="dashboard" element={<TutorDashboardPage />} />
            </Route>
            <Route path="tutor/aadhar-verification" element={<AadharVerificationPage />} />
            <Route path="tutor/onboarding/aadhar-redirect" element={<AadharRedirectPage />} />

            {/* Marketing pages (D23); static segments rank above /:username. */}
            <Route path="tutors" element={<TutorsPage />} />
            <Route path="why-choose-us" element={<WhyChooseUsPage />} />
            <Route path="testimonials" element={<TestimonialsPage />} />
            <Route path="contact" element={<ContactPage />} />
            {/* The product's own policies, linked from the student login's consent line. */}
            <Route path="terms-of-use" element={<ProductPolicyPage kind="termsOfUse" />} />
            <Route path="privacy-policy" element={<ProductPolicyPage kind="privacyPolicy" />} />

            {/* Public profile and policy pages. */}
            <Route path=":username" element={<ProfilePage />} />
            <Route path=":username/terms-of-use" element={<PolicyPage kind="termsOfUse" />} />
            <Route path=":username/refund-policy" element={<PolicyPage kind="refundPolicy" />} />
            <Route path=":username/contact-policy" element={<PolicyPage kind="contactPolicy" />} />
            <Route path=":username/pricing" element={<PolicyPage kind="pricing" />} />
            <Route path=":username/privacy-policy" element={<PolicyPage kind="privacyPolicy" />} />

            {/* 404 */}
            <Route path="page-not-found" element={<NotFoundPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}
