// The decision files' format (D229): what `npm run docs:decisions -- --check` refuses.
import { describe, expect, it } from 'vitest';
import { decisionIndex, readDecision } from '../../scripts/lib/decisions';

const file = (fields: string, title = '# D230 A due never keeps more than it is worth') =>
  `${title}\n\n${fields}\n\nWhat we decided.\n`;
const GOOD = '- Status: accepted\n- Area: Fee plans and dues\n- Issue: 46';

describe('a decision file', () => {
  it('is read: id, title, status, area and issue', () => {
    expect(readDecision('D230-due-keeps-no-surplus.md', file(GOOD))).toEqual({
      id: 230,
      file: 'D230-due-keeps-no-surplus.md',
      title: 'A due never keeps more than it is worth',
      status: 'accepted',
      area: 'Fee plans and dues',
      issue: '46',
    });
  });

  it.each([
    ['a name without a slug', 'D230.md', file(GOOD)],
    ['a title of another id', 'D230-x.md', file(GOOD, '# D231 Another')],
    ['a status of its own', 'D230-x.md', file(GOOD.replace('accepted', 'done'))],
    ['superseded by no id', 'D230-x.md', file(GOOD.replace('accepted', 'superseded by later'))],
    ['an area not in the list', 'D230-x.md', file(GOOD.replace('Fee plans and dues', 'Money'))],
    ['no area', 'D230-x.md', file('- Status: withdrawn')],
  ])('is refused with %s', (_, name, text) => {
    expect(typeof readDecision(name, text)).toBe('string');
  });

  it('may say what amends it, or what superseded it', () => {
    for (const status of ['accepted (amended by D231)', 'superseded by D231', 'withdrawn']) {
      const read = readDecision('D230-x.md', file(GOOD.replace('accepted', status)));
      expect(read).toMatchObject({ status });
    }
  });
});

describe('the index', () => {
  it("lists each area's decisions by id, in the areas' order, with the product's D1-D24", () => {
    const d = (id: number, area: string) => ({
      id,
      file: `D${id}-x.md`,
      title: `T${id}`,
      status: 'accepted',
      area,
      issue: null,
    });
    const index = decisionIndex([d(40, 'Testing'), d(31, 'Contract'), d(25, 'Contract')]);
    expect(index).toContain('../shared/spec/decisions.md');
    const order = ['## Contract', '[D25 T25]', '[D31 T31]', '## Testing', '[D40 T40]'];
    const at = order.map((text) => index.indexOf(text));
    expect(at).toEqual([...at].sort((a, b) => a - b));
    expect(at.every((i) => i >= 0)).toBe(true);
  });
});
