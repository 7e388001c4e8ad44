// When the production build (Preact, D161) renders a state change, as React 19 does (issue 11,
// D183). Preact renders every change in a microtask, so a lazy screen's chunk, the answer that
// fills a screen and the render they cause ran as one long task of a phone's main thread (up to
// 350 ms at 4x CPU slowdown on /pay/review), which blocks a tap for as long. React renders a
// change from the network, a timer or a loaded chunk in a task of its own, and a change made by
// an event or by a layout effect at once. So does this:
// - a click's or a keystroke's change, and one a layout effect makes (it must not paint in
//   between), in a microtask, as Preact does;
// - any other change in the next task (a MessageChannel message, as React's scheduler posts).
import { options } from 'preact';
// Its commit hook first: the one below must wrap it to see the layout effects it runs.
import 'preact/hooks';

// Preact's own name for its commit hook (options._commit, mangled to `__c` in its build); the
// layout effects run inside it (preact/hooks).
type CommitHook = (vnode: unknown, queue: unknown[]) => void;
const hooks = options as typeof options & { __c?: CommitHook };

let committing = 0;
const commit = hooks.__c;
hooks.__c = (vnode, queue) => {
  committing += 1;
  try {
    commit?.(vnode, queue);
  } finally {
    committing -= 1;
  }
};

const channel = new MessageChannel();
let queued: (() => void) | null = null;
channel.port1.onmessage = () => {
  const render = queued;
  queued = null;
  render?.();
};

options.debounceRendering = (render) => {
  if (committing > 0 || window.event !== undefined) {
    queueMicrotask(render);
    return;
  }
  queued = render;
  channel.port2.postMessage(null);
};
