// Debian's Chromium driven by playwright-core (no browser download on this machine).
import { chromium } from 'playwright-core';

export const chromiumArgs = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-quic',
  '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

export function launchChromium() {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs });
}
