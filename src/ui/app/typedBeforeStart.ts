// D189: on a prerendered page the fields can be typed into before the app has taken the markup
// over. Hydration keeps the text on screen but not in the screen's state, and the screen's next
// render would put its own (empty) value back. So from the start until the first screen is in,
// what is typed is noted per field, and then handed to the screen as an input event, as the
// typing itself would have been.
type Field = HTMLInputElement | HTMLTextAreaElement;

const typed = new Map<Field, string>();
let root: HTMLElement | null = null;

const isField = (target: EventTarget | null): target is Field =>
  target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement;

function note(event: Event) {
  if (isField(event.target)) typed.set(event.target, event.target.value);
}

/** Before hydrating `container`: what its fields hold already, and what is typed from now on. */
export function watchTyping(container: HTMLElement): void {
  root = container;
  for (const field of container.querySelectorAll<Field>('input, textarea')) {
    if (field.value !== field.defaultValue) typed.set(field, field.value);
  }
  container.addEventListener('input', note, true);
}

/** As the first screen is committed (after its layout effects): each noted field tells its screen. */
export function replayTyping(): void {
  if (!root) return;
  root.removeEventListener('input', note, true);
  root = null;
  for (const [field, value] of typed) {
    if (!field.isConnected) continue;
    field.value = value;
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  typed.clear();
}
