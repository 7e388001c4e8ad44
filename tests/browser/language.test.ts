// D162: at login, a device where the user never chose a language takes the one on their
// profile; a choice made on the device stays, and English on a profile is no choice at all.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  offerProfileLanguage,
  saveLanguage,
  savedLanguage,
  setLanguageAdopter,
} from '../../src/browser/language';

afterEach(() => {
  setLanguageAdopter(null);
  localStorage.clear();
});

describe('the profile language offered at login', () => {
  it('is taken by a device with no choice of its own, and the screens switch to it', async () => {
    const adopt = vi.fn(async () => {});
    setLanguageAdopter(adopt);
    await offerProfileLanguage('hi');
    expect(savedLanguage()).toBe('hi');
    expect(adopt).toHaveBeenCalledWith('hi');
  });

  it('leaves a language chosen on the device as it is', async () => {
    const adopt = vi.fn(async () => {});
    setLanguageAdopter(adopt);
    saveLanguage('en');
    await offerProfileLanguage('hi');
    expect(savedLanguage()).toBe('en');
    expect(adopt).not.toHaveBeenCalled();
  });

  it('ignores English, which is also what a profile says of a user who never chose', async () => {
    const adopt = vi.fn(async () => {});
    setLanguageAdopter(adopt);
    await offerProfileLanguage('en');
    expect(savedLanguage()).toBeNull();
    expect(adopt).not.toHaveBeenCalled();
  });
});
