// D166: no module of the server reads a text as it loads (tests/support/textsAtLoad.ts).
import { describeLoadingWithoutTexts } from '../support/textsAtLoad';

describeLoadingWithoutTexts(['src/server'], ['src/server/main.ts', 'src/server/worker.ts']);
