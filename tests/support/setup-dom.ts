import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// What the server writes into index.html (D120): the local sandbox server's KYC pages. The
// checkout script stays the build-time default (same origin), which the loader tests expect.
const onboarding = document.createElement('meta');
onboarding.name = 'tp-onboarding-origin';
onboarding.content = 'http://127.0.0.1:3100';
document.head.appendChild(onboarding);

// CI runs on 2 cores with many test files at once: give findBy/waitFor room beyond the 1 s default.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// jsdom lacks these; Mantine reads them.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// jsdom does not scroll; ScrollToTop (RootLayout) calls this on navigation.
window.scrollTo = () => {};
