// Throwaway (not committed): the Autopay journey at 360 px and at a desk, for screenshots.
import { defineConfig, devices } from '@playwright/test';
import base from './playwright.config';
import { chromiumArgs, findChromium } from './scripts/chromium';
const launchOptions = { executablePath: findChromium(), args: chromiumArgs };
export default defineConfig({
  ...base,
  workers: 1,
  projects: [
    { name: 'narrow', use: { ...devices['Pixel 5'], viewport: { width: 360, height: 740 }, launchOptions } },
    { name: 'desk', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions } },
  ],
});
