// axe-core in the e2e suite (issue 13, WCAG 2.2 AA): a screen as it is now, failing on any
// violation with the elements it found.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/**
 * Every WCAG 2.0-2.2 A and AA rule axe has, and its best practices (landmarks, heading order),
 * on the page as it is now.
 */
async function violationsOf(page: Page) {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return result.violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    nodes: v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`),
  }));
}

export async function expectNoViolations(page: Page, screen: string, settleMs = 300) {
  // Let Mantine's transitions finish: axe reads colours as painted.
  await page.waitForTimeout(settleMs);
  const violations = await violationsOf(page);
  // One line per screen for the issue's before/after figures (elements per rule).
  console.info(
    `axe ${test.info().project.name} | ${screen} | ${violations.map((v) => `${v.rule}:${v.nodes.length}`).join(' ') || 'none'}`,
  );
  expect(violations, `${screen}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
}
