import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Hono } from 'hono'
import { APPROVAL_WINDOW_PATH, APPROVAL_WINDOW_SCRIPT_PATH } from './page/approval-window-messages.ts'

const here = dirname(fileURLToPath(import.meta.url))

/**
 * The approval window's CSP: the frame page's, but no page may frame it at all (`frame-ancestors
 * 'none'`): it is only ever a top-level window, which no page can cover or style. No
 * Cross-Origin-Opener-Policy: the window talks to the frame that opened it through `window.opener`,
 * which a `same-origin` policy would sever (the frame's top-level page is the dapp's).
 */
export const APPROVAL_WINDOW_CSP = ["default-src 'none'", "script-src 'self'", "style-src 'self'", "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'"].join('; ')

/** The window's page: the frame's stylesheet, its own script, a line until the request arrives. */
export function approvalWindowPage(): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>Portico Wallet approval</title>',
    '<link rel="stylesheet" href="/assets/frame.css">',
    `<script type="module" src="${APPROVAL_WINDOW_SCRIPT_PATH}"></script>`,
    '</head>',
    '<body><main class="approval"><p role="status" data-testid="approval-window-state">Loading the request…</p></main></body>',
    '</html>',
  ].join('\n')
}

/** Bundles a browser entry (with all it imports) as one ES module, cached by `name` (the service's bundler). */
export type BrowserBundler = (entry: string, name: string) => Promise<{ js: string }>

/**
 * GET /approval, the approval window the frame opens where the engine cannot show that the frame
 * is fully visible (see page/approval.ts and page/approval-window-page.ts), and its script. The
 * script is bundled ahead, in the background, and served once built.
 */
export function approvalWindowRoutes(app: Hono, bundle: BrowserBundler): void {
  let script: Promise<{ js: string }> | undefined
  const built = () => {
    if (!script) {
      const building = bundle(resolve(here, 'page/approval-window-page.ts'), 'approval-window')
      script = building
      building.catch(() => {
        if (script === building) script = undefined
      })
    }
    return script
  }
  built().catch(() => undefined)

  app.get(APPROVAL_WINDOW_PATH, (c) =>
    c.html(approvalWindowPage(), 200, {
      'content-security-policy': APPROVAL_WINDOW_CSP,
      'x-frame-options': 'DENY',
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
    }),
  )
  app.get(APPROVAL_WINDOW_SCRIPT_PATH, async (c) => c.body((await built()).js, 200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' }))
}
