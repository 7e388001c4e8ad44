import { Placeholder } from '../../components/Placeholder';

/** /static-link/{username} (spec §2). Not built yet; scripts/check-budget.ts measures this module. */
export function StaticLinkPage() {
  return <Placeholder title="Static link" />;
}
