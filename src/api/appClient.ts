// The app's one API client: same origin by default (VITE_API_BASE_URL overrides it), with the
// access token read from browser storage and the screens' language on every call.
import { storage } from '../browser/storage';
import { activeLocale, localeTag } from '../domain/locale';
import { createApiClient } from './client';

const baseUrl = import.meta.env.VITE_API_BASE_URL ?? '/api/v1';

export const api = createApiClient({
  baseUrl,
  getToken: () => storage.get('access-token'),
  getLanguage: () => localeTag(activeLocale()),
});

/** D241: the student CSV template in the screens' language, as a link to download (public). */
export const studentTemplateUrl = () =>
  `${baseUrl}/students/import/template/?language=${activeLocale()}`;
