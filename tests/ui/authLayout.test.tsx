// The login and sign-up layout switches at BREAKPOINT_DESKTOP_PX in CSS (spec §9): media
// queries cannot read the constant, so this keeps the two in step.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BREAKPOINT_DESKTOP_PX } from '../../src/domain/constants';

describe('AuthLayout.module.css', () => {
  it(`switches to the desktop card at ${BREAKPOINT_DESKTOP_PX}px, and only there`, () => {
    const css = readFileSync('src/ui/components/AuthLayout.module.css', 'utf8');
    const widths = [...css.matchAll(/@media \(min-width: (\d+)px\)/g)].map((m) => Number(m[1]));
    expect(widths.length).toBeGreaterThan(0);
    expect(new Set(widths)).toEqual(new Set([BREAKPOINT_DESKTOP_PX]));
  });
});
