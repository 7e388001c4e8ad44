// The UI layer of the path harness: each path's actor is rendered by its machine's view (inside
// the app's providers and a memory router), user events are sent by gestures on that screen,
// and after each step the state's screen assertion runs until the screen shows it.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { expect } from 'vitest';
import type { AnyStateMachine, EventObject } from 'xstate';
import { AppProviders } from '../../src/ui/app/AppProviders';
import type { Gesture, PathModel, PathRun, ScreenDriver, UiLayer, UiRun } from './paths';

type Control = HTMLInputElement | HTMLButtonElement | HTMLTextAreaElement;

/**
 * The one button whose text is `name`. Role queries compute every accessible name in the page
 * (~6 ms each in jsdom, times thousands of steps); a button's visible text is its name here.
 */
export function buttonNamed(name: string | RegExp): HTMLButtonElement {
  const buttons = new Set(
    screen
      .getAllByText(name, { selector: 'button, button *' })
      .map((el) => el.closest('button'))
      .filter((b): b is HTMLButtonElement => b !== null),
  );
  if (buttons.size !== 1) throw new Error(`${buttons.size} buttons named ${String(name)}.`);
  return [...buttons][0]!;
}

/** The one button whose text is `name`, or null. */
export function queryButton(name: string | RegExp): HTMLButtonElement | null {
  return screen.queryAllByText(name, { selector: 'button, button *' }).length > 0
    ? buttonNamed(name)
    : null;
}

/** Leaves a field, as tabbing out of it would (what is typed there is kept). */
export async function leave(
  field: HTMLElement | null,
  { user }: Pick<UiRun<unknown>, 'user'>,
): Promise<Gesture> {
  if (!field) return 'blocked';
  if (document.activeElement !== field) await user.click(field);
  await user.tab();
}

/** A field the user can type in: on screen, not disabled, not read-only. */
function editable(field: HTMLElement | null): field is HTMLElement {
  const control = field as Control | null;
  return !!control && !control.disabled && !('readOnly' in control && control.readOnly);
}

/**
 * The field shows `error` (read out with it), or no error at all (Mantine marks a field in
 * error aria-invalid).
 */
export function expectFieldError(field: HTMLElement | null, error: string | null | undefined) {
  if (error) expect(field).toHaveAccessibleDescription(expect.stringContaining(error));
  else expect(field).not.toHaveAttribute('aria-invalid', 'true');
}

/**
 * Types `value` in place of what the field holds, as a user selecting all and typing would.
 * A formatted value ('+91 91234 56780', '₹1,500') is pasted instead: typed key by key, a field
 * that keeps digits only would drop the '+' before it knew what the 91 was.
 */
export async function typeInto(
  field: HTMLElement | null,
  value: string,
  { user }: Pick<UiRun<unknown>, 'user'>,
): Promise<Gesture> {
  if (!editable(field)) return 'blocked';
  if (/[^0-9A-Za-z]/.test(value)) return pasteInto(field, value, { user });
  await user.clear(field);
  if (value) await user.type(field, value);
}

/** Pastes `value` in place of what the field holds (a number copied from a message). */
export async function pasteInto(
  field: HTMLElement | null,
  value: string,
  { user }: Pick<UiRun<unknown>, 'user'>,
): Promise<Gesture> {
  if (!editable(field)) return 'blocked';
  await user.clear(field);
  await user.click(field);
  await user.paste(value);
}

/** Clicks a control, unless it is disabled (or not on screen). */
export async function clickOn(
  control: HTMLElement | null,
  { user }: Pick<UiRun<unknown>, 'user'>,
): Promise<Gesture> {
  if (
    !control ||
    (control as Control).disabled ||
    control.getAttribute('aria-disabled') === 'true'
  ) {
    return 'blocked';
  }
  await user.click(control);
}

export function screenDriver<M extends AnyStateMachine, W>(model: PathModel<M, W>): ScreenDriver {
  const ui = model.ui as UiLayer<AnyStateMachine, unknown>;
  let user = userEvent.setup({ delay: null });
  let unmount = () => {};
  const uiRun = (run: PathRun<unknown>): UiRun<unknown> => ({ ...run, user });

  return {
    async mount(run) {
      user = userEvent.setup({ delay: null });
      const view = render(
        <AppProviders>
          <MemoryRouter>{ui.view(run)}</MemoryRouter>
        </AppProviders>,
      );
      unmount = view.unmount;
      if (ui.ready) await waitFor(() => ui.ready!(run));
    },
    async gesture(event: EventObject, run) {
      const gesture = (
        ui.gestures as Record<string, UiLayer<AnyStateMachine, unknown>['gestures'][string]>
      )[event.type];
      if (!gesture) throw new Error(`No gesture sends ${event.type} in ${model.name}.`);
      return gesture(event as never, uiRun(run));
    },
    async effect(effect) {
      await act(async () => {
        await effect();
      });
    },
    async screen(key, snapshot, run) {
      if (!(key in ui.screens)) {
        throw new Error(`No screen assertion for ${key} in ${model.name}.`);
      }
      const assertion = ui.screens[key];
      if (!assertion) return;
      // At once, as a rule (gestures and effects run in act); waitFor only for what arrives
      // later, e.g. a lazy part of the view (waitFor alone costs ~5 ms a step).
      const check = () => assertion(snapshot as never, uiRun(run) as never);
      try {
        await check();
      } catch {
        await waitFor(check);
      }
    },
    unmount() {
      unmount();
    },
  };
}
