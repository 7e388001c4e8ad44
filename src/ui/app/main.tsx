// Entry (index.html loads this). Mantine's global styles first; each screen imports the CSS
// of the components it uses, so a route loads only its own styles.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { localeTag } from '../../domain/locale';
import { AppProviders } from './AppProviders';
import { initialLocale, startLocale } from './language';
import { AppRoutes } from './routes';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const locale = initialLocale();
// D189: markup the server made in another language than the app starts in (a browser whose
// saved choice and cookie disagree) is drawn afresh, not hydrated: hydration would keep its
// attributes.
const prerendered =
  container.hasChildNodes() && document.documentElement.lang === localeTag(locale);

// The first screen renders in the user's language: a Hindi reader waits for Hindi's texts
// (one small chunk) rather than seeing English flash first.
// D189: a route the build prerendered arrives with its first paint in #root; the app takes
// that markup over (hydrates) rather than drawing it again.
void startLocale(locale).then(() => {
  const app = (
    <StrictMode>
      <AppProviders>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>
  );
  if (prerendered) hydrateRoot(container, app);
  else createRoot(container).render(app);
});
