// D183: when the production build's Preact renders a change. An answer from the network renders
// in a task of its own (a long one no longer blocks a tap); a click's change and a layout
// effect's change render before anything else runs, as they did.
import { h, render, type VNode } from 'preact';
import { useLayoutEffect, useState } from 'preact/hooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../src/ui/preact/renderScheduling';

const microtasks = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

let root: HTMLElement;
function mount(vnode: VNode) {
  root = document.createElement('div');
  document.body.append(root);
  render(vnode, root);
}
afterEach(() => {
  render(null, root);
  root.remove();
});

describe('Preact render scheduling (D183)', () => {
  it('renders a change that a network answer makes in a later task, not in its microtasks', async () => {
    let answer!: (text: string) => void;
    const arrived = new Promise<string>((resolve) => (answer = resolve));
    function Screen() {
      const [text, setText] = useState('Loading…');
      useLayoutEffect(() => {
        void arrived.then(setText);
      }, []);
      return h('p', null, text);
    }
    mount(h(Screen, {}));
    answer('Asha Verma');
    await microtasks();
    expect(root.textContent).toBe('Loading…');
    await vi.waitFor(() => expect(root.textContent).toBe('Asha Verma'));
  });

  it("renders a click's change before the next task", async () => {
    function Counter() {
      const [count, setCount] = useState(0);
      return h('button', { onClick: () => setCount((n) => n + 1) }, `Clicked ${count}`);
    }
    mount(h(Counter, {}));
    root.querySelector('button')!.click();
    await microtasks();
    expect(root.textContent).toBe('Clicked 1');
  });

  it("renders a layout effect's change with the render that caused it", async () => {
    function Measured() {
      const [width, setWidth] = useState<number | null>(null);
      useLayoutEffect(() => setWidth(320), []);
      return h('p', null, width === null ? 'unmeasured' : `width ${width}`);
    }
    mount(h(Measured, {}));
    await microtasks();
    expect(root.textContent).toBe('width 320');
  });
});
