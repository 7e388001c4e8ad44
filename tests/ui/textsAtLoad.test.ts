// D166: no module of the app reads a text as it loads (tests/support/textsAtLoad.ts).
import { describeLoadingWithoutTexts } from '../support/textsAtLoad';

describeLoadingWithoutTexts(
  ['src/ui', 'src/api', 'src/browser', 'src/domain', 'machines'],
  ['src/ui/app/main.tsx'],
);
