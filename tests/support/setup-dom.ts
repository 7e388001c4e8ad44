import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// What the server writes into index.html (D120): the local sandbox server's KYC pages. The
// checkout script stays the build-time default (same origin), which the loader tests expect.
const onboarding = document.createElement('meta');
onboarding.name = 'tp-onboarding-origin';
onboarding.content = 'http://127.0.0.1:3100';
document.head.appendChild(onboarding);

// A test that does not fake the API must not reach one that happens to run here: `npm start`
// listens on jsdom's own origin (localhost:3000), and a live answer there made tests that count
// on no answer fail. Calls to it fail as they would offline; a test's own fake (vi.stubGlobal)
// replaces this one.
const realFetch = globalThis.fetch;
globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(input instanceof Request ? input.url : String(input), location.href);
  const local = ['localhost', '127.0.0.1'].includes(url.hostname) && url.port === '3000';
  if (url.origin === location.origin || local) {
    return Promise.reject(new TypeError('Failed to fetch (the tests refuse the network)'));
  }
  return realFetch(input, init);
};

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
