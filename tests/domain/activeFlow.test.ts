import { describe, it, expect } from 'vitest';
import { ACTIVE_FLOWS, flowFromPath, isSameOriginPath } from '../../src/domain/activeFlow';

describe('spec §4 flowFromPath', () => {
  it.each([
    ['/pay-tuition-fees', 'payTuitionFeesFlow'],
    ['/pay-tuition-fees/anything', 'payTuitionFeesFlow'],
    ['/payment-link/abc123', 'DynamicLinkFlow'],
    ['/static-link/asha-verma', 'StaticLinkFlow'],
    ['/', 'defaultFlow'],
    ['', 'defaultFlow'],
    ['/student/login', 'defaultFlow'],
    ['/pay/review', 'defaultFlow'],
    ['/asha-verma', 'defaultFlow'],
    ['/payment-successful', 'defaultFlow'],
  ] as const)('%j gives %s', (path, flow) => {
    expect(flowFromPath(path)).toBe(flow);
  });

  it('lists the four flows', () => {
    expect(ACTIVE_FLOWS).toEqual([
      'payTuitionFeesFlow',
      'DynamicLinkFlow',
      'StaticLinkFlow',
      'defaultFlow',
    ]);
  });
});

describe('D15 isSameOriginPath', () => {
  it.each(['/', '/static-link/asha-verma', '/payment-link/abc?x=1', '/pay/review#top'])(
    '%j is followed',
    (p) => {
      expect(isSameOriginPath(p)).toBe(true);
    },
  );

  it.each([
    '',
    'static-link/asha',
    '//evil.example/x',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/a\\b',
    '/a\nb',
    '/a\tb',
    '/a\u0000b',
    '/a\u007fb',
  ])('%j is refused', (p) => {
    expect(isSameOriginPath(p)).toBe(false);
  });
});
