import { Placeholder } from '../../components/Placeholder';

/** /student/login (spec §2). Not built yet; scripts/check-budget.ts measures this module. */
export function StudentLoginPage() {
  return <Placeholder title="Student login" />;
}
