// Every route of spec §2 (and the marketing pages of D23), for the app and the tests alike.
// Declarative routes, not a data router: createBrowserRouter/RouterProvider cost ~16 KB gzip
// on every first paint. Every screen is lazy, so a route's first paint loads the shell plus
// that screen only. Screens not built yet show a Placeholder with the screen's name; replace
// a `<Placeholder title=… />` with the screen (`lazyNamed(() => import(…), '<Name>Page')`).
import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { messages } from '../../domain/messages';
import { ErrorBoundary } from './ErrorBoundary';
import { BootFallback, Redirect, RootLayout, RouteError } from './RootLayout';

/** React.lazy for a named export: `lazyNamed(() => import('./X'), 'XPage')`. */
function lazyNamed<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}

// '' reads the login flags, so storage loads lazily, off the entry chunk. The component is
// made here: a lazy module that imports the shell made Rolldown split React into an extra
// first-paint chunk.
const RootRedirect = lazy(async () => {
  const { rootRedirectPath } = await import('./rootRedirect');
  return { default: () => <Redirect to={rootRedirectPath()} /> };
});
const Placeholder = lazyNamed(() => import('../components/Placeholder'), 'Placeholder');
const NotFoundPage = lazyNamed(() => import('../routes/not-found/NotFoundPage'), 'NotFoundPage');
const StudentLoginPage = lazyNamed(
  () => import('../routes/student/StudentLoginPage'),
  'StudentLoginPage',
);
const StaticLinkPage = lazyNamed(
  () => import('../routes/static-link/StaticLinkPage'),
  'StaticLinkPage',
);

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
const { nav, footer } = messages;
const soon = (title: string) => <Placeholder title={title} />;

/** The app's routes; render inside a router (BrowserRouter in the app, MemoryRouter in tests). */
export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    // Suspense shows the boot fallback while the first screen's chunk loads; later navigations
    // are transitions, so the current screen stays until the next one is ready.
    <ErrorBoundary fallback={<RouteError />} resetKey={pathname}>
      <Suspense fallback={<BootFallback />}>
        <Routes>
          <Route element={<RootLayout />}>
            <Route index element={<RootRedirect />} />

            {/* Student and payment routes */}
            <Route path="student/login" element={<StudentLoginPage />} />
            <Route path="student/signup" element={soon(n.studentSignup)} />
            <Route path="student/dashboard" element={soon(n.studentDashboard)} />
            <Route path="pay/payment-details" element={soon(n.paymentDetails)} />
            <Route path="pay/tutor-details" element={soon(n.tutorDetails)} />
            <Route path="pay/review" element={soon(n.review)} />
            <Route path="pay/payment-gateway-payment-flow" element={soon(n.gateway)} />
            <Route path="pay/redirect" element={soon(n.payRedirect)} />
            <Route path="pay/status" element={soon(n.payStatus)} />
            {/* D1: the old success URL renders the same status page. */}
            <Route path="payment-successful" element={soon(n.payStatus)} />
            <Route path="payment-link/:id" element={soon(n.paymentLink)} />
            <Route path="static-link/:username" element={<StaticLinkPage />} />
            <Route path="pay-tuition-fees" element={soon(n.payTuitionFees)} />

            {/* Tutor routes: the parent is where the tutor guard (spec §4) will sit. */}
            <Route path="tutor">
              <Route index element={<Redirect to="/tutor/login" />} />
              <Route path="login" element={soon(n.tutorLogin)} />
              <Route path="personal-details" element={soon(n.tutorPersonalDetails)} />
              <Route path="complete-kyc" element={soon(n.completeKyc)} />
            </Route>
            <Route path="tutor/dashboard" element={soon(n.tutorDashboard)} />
            <Route path="tutor/aadhar-verification" element={soon(n.aadharVerification)} />
            <Route path="tutor/onboarding/aadhar-redirect" element={soon(n.aadharRedirect)} />

            {/* Marketing pages (D23); static segments rank above /:username. */}
            <Route path="tutors" element={soon(nav.tutors)} />
            <Route path="why-choose-us" element={soon(nav.whyChooseUs)} />
            <Route path="testimonials" element={soon(nav.testimonials)} />
            <Route path="contact" element={soon(nav.contact)} />

            {/* Public profile and policy pages. */}
            <Route path=":username" element={soon(n.tutorProfile)} />
            <Route path=":username/terms-of-use" element={soon(footer.termsOfUse)} />
            <Route path=":username/refund-policy" element={soon(footer.refundPolicy)} />
            <Route path=":username/contact-policy" element={soon(footer.contactPolicy)} />
            <Route path=":username/pricing" element={soon(footer.pricing)} />
            <Route path=":username/privacy-policy" element={soon(footer.privacyPolicy)} />

            {/* 404 */}
            <Route path="page-not-found" element={<NotFoundPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}
