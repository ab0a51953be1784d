import { existsSync } from 'node:fs'
import { chromium, type Browser } from 'playwright-core'

/** Debian's Chromium, which the browser tests drive (`PORTICO_CHROMIUM` points elsewhere). */
export const TEST_CHROMIUM = process.env['PORTICO_CHROMIUM'] ?? '/usr/bin/chromium'

/** The flags this machine's closed network needs (the same as e2e/playwright.config.ts). */
export const TEST_CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/**
 * Launches Chromium for a browser test. A browser test that cannot run fails, loudly, saying how to
 * install the browser; it never skips.
 */
export async function launchTestChromium(): Promise<Browser> {
  if (!existsSync(TEST_CHROMIUM)) {
    throw new Error(`Chromium is missing at ${TEST_CHROMIUM}: this browser test cannot run. Install it with \`apt-get install -y chromium\` (or set PORTICO_CHROMIUM to a Chromium binary).`)
  }
  return chromium.launch({ executablePath: TEST_CHROMIUM, args: TEST_CHROMIUM_FLAGS })
}
