// D189, D216: on a prerendered page the fields can be typed into, and buttons pressed, before
// the app has taken the markup over. Hydration keeps the typed text on screen but not in the
// screen's state (React tracks the field's value as it finds it, so the screen never hears of
// it), and the presses were held by index.html's script. Once the first screen is in, each field
// whose text differs from what the screen rendered tells the screen, as the typing itself would
// have; then each held press is done, as soon as its button is enabled (Enter in a field is the
// press of its form's submit button), unless the user has done something else meanwhile.
type Field = HTMLInputElement | HTMLTextAreaElement;

declare global {
  interface Window {
    /** index.html's: what was pressed before the app started; `done` once it has. */
    tpHeldPresses?: HTMLElement[] & { done?: boolean };
  }
}

/** Tells the screen of a field's text as an input event would: its value setter tracks it. */
function typeInto(field: Field, text: string) {
  const prototype = Object.getPrototypeOf(field) as object;
  const setNative = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (!setNative) return;
  // Through the element's own setter (React's tracker notes ''), then the native one (it does
  // not), so the input event finds a change.
  field.value = '';
  setNative.call(field, text);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** The button a held press stands for: Enter in a field presses its form's submit button. */
function buttonOf(target: HTMLElement): HTMLButtonElement | HTMLInputElement | null {
  if (target instanceof HTMLButtonElement) return target;
  if (target instanceof HTMLInputElement && target.form) {
    return target.form.querySelector<HTMLButtonElement | HTMLInputElement>(
      'button[type="submit"], input[type="submit"]',
    );
  }
  return null;
}

/** Presses `button` once it is enabled; forgets it on the user's next own input. */
function pressWhenEnabled(button: HTMLButtonElement | HTMLInputElement) {
  const userActs = ['pointerdown', 'keydown', 'input'] as const;
  let observer: MutationObserver | null = null;
  const forget = () => {
    observer?.disconnect();
    for (const type of userActs) document.removeEventListener(type, onUserAct, true);
  };
  const onUserAct = (event: Event) => {
    if (event.isTrusted) forget();
  };
  const tryPress = () => {
    if (!button.isConnected) return forget();
    if (button.disabled) return;
    forget();
    button.click();
  };
  for (const type of userActs) document.addEventListener(type, onUserAct, true);
  observer = new MutationObserver(tryPress);
  observer.observe(button, { attributes: true, attributeFilter: ['disabled'] });
  tryPress();
}

let started = false;

/** As the first screen is committed (after its layout effects): hand over what came before. */
export function handOverEarlyInput(): void {
  if (started) return;
  started = true;
  const root = document.getElementById('root');
  const held = window.tpHeldPresses ?? [];
  held.done = true;
  if (!root) return;
  for (const field of root.querySelectorAll<Field>('input, textarea')) {
    if (field.value !== field.defaultValue) typeInto(field, field.value);
  }
  // A button pressed twice (Submit, then Enter) is pressed once.
  const buttons = new Set(held.splice(0).map((target) => target.isConnected && buttonOf(target)));
  for (const button of buttons) if (button) pressWhenEnabled(button);
}
