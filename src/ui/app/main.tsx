// Entry (index.html loads this). Mantine's global styles first; each screen imports the CSS
// of the components it uses, so a route loads only its own styles.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './AppProviders';
import { initialLocale, startLocale } from './language';
import { AppRoutes } from './routes';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The first screen renders in the user's language: a Hindi reader waits for Hindi's texts
// (one small chunk) rather than seeing English flash first.
void startLocale(initialLocale()).then(() =>
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  ),
);
