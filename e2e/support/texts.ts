// The e2e specs check the screens against the product's words, read from Lingui's catalogs as
// the app reads them (D166). Imported first by every spec: its top-level await loads every
// text module's catalog in both languages before a spec or helper reads a word.
import '../../src/domain/apiMessages';
import '../../src/domain/autopayTexts';
import '../../src/domain/dashboardTexts';
import '../../src/domain/messages';
import '../../src/domain/privacyTexts';
import '../../src/domain/publicPageTexts';
import '../../src/domain/studentsTexts';
import '../../src/domain/taxTexts';
import { LOCALES } from '../../src/domain/locale';
import { loadCatalogs } from '../../src/domain/texts';

await loadCatalogs(LOCALES);
