// Every test reads the product's words as its screens and server do, from Lingui's catalogs
// (D166): both languages are loaded before a test file runs, so a test can read its expected
// words in either (`readIn('hi', …)`), at its top level as in its tests.
import '../../src/domain/apiMessages';
import '../../src/domain/autopayTexts';
import '../../src/domain/dashboardTexts';
import '../../src/domain/messages';
import '../../src/domain/publicPageTexts';
import '../../src/domain/studentsTexts';
import '../../src/domain/privacyTexts';
import '../../src/domain/taxTexts';
import { LOCALES } from '../../src/domain/locale';
import { loadCatalogs } from '../../src/domain/texts';

await loadCatalogs(LOCALES);
