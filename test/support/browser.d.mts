import type { Browser } from 'playwright-core';
export const chromiumArgs: string[];
export function launchChromium(): Promise<Browser>;
