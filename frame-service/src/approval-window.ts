import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Hono } from 'hono'
import { APPROVAL_WINDOW_PATH, APPROVAL_WINDOW_SCRIPT_PATH } from './page/approval-window-messages.ts'
import { PANEL_WINDOW_PATH, PANEL_WINDOW_SCRIPT_PATH } from './page/panel-window-messages.ts'

const here = dirname(fileURLToPath(import.meta.url))

/**
 * The approval window's CSP: the frame page's, but no page may frame it at all (`frame-ancestors
 * 'none'`): it is only ever a top-level window, which no page can cover or style. No
 * Cross-Origin-Opener-Policy: the window talks to the frame that opened it through `window.opener`,
 * which a `same-origin` policy would sever (the frame's top-level page is the dapp's).
 */
export const APPROVAL_WINDOW_CSP = ["default-src 'none'", "script-src 'self'", "style-src 'self'", "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'"].join('; ')

/** The approval window's page: the frame's stylesheet, its own script, a line until the request arrives. */
export function approvalWindowPage(): string {
  return windowPage({ title: 'Portico Wallet approval', script: APPROVAL_WINDOW_SCRIPT_PATH, testId: 'approval-window-state', waiting: 'Loading the request…' })
}

/** The panel window's page (passkeys, the authenticator app, key export where the frame cannot show it is fully visible). */
export function panelWindowPage(): string {
  return windowPage({ title: 'Portico Wallet', script: PANEL_WINDOW_SCRIPT_PATH, testId: 'panel-window-state', waiting: 'Loading…' })
}

function windowPage(page: { title: string; script: string; testId: string; waiting: string }): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${page.title}</title>`,
    '<link rel="stylesheet" href="/assets/frame.css">',
    `<script type="module" src="${page.script}"></script>`,
    '</head>',
    `<body><main class="approval"><p role="status" data-testid="${page.testId}">${page.waiting}</p></main></body>`,
    '</html>',
  ].join('\n')
}

/** Bundles a browser entry (with all it imports) as one ES module, cached by `name` (the service's bundler). */
export type BrowserBundler = (entry: string, name: string) => Promise<{ js: string }>

const WINDOW_HEADERS = {
  'content-security-policy': APPROVAL_WINDOW_CSP,
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
}

/** One browser entry bundled ahead, in the background, and built again after a failure. */
function bundledOnce(bundle: BrowserBundler, entry: string, name: string): () => Promise<{ js: string }> {
  let script: Promise<{ js: string }> | undefined
  const built = () => {
    if (!script) {
      const building = bundle(resolve(here, entry), name)
      script = building
      building.catch(() => {
        if (script === building) script = undefined
      })
    }
    return script
  }
  built().catch(() => undefined)
  return built
}

/**
 * The frame's top-level windows, where the engine cannot show that the frame is fully visible:
 * GET /approval (see page/approval.ts and page/approval-window-page.ts) and GET /panel (the
 * settings panels, page/panel-window-page.ts), and their scripts, bundled ahead in the background.
 */
export function approvalWindowRoutes(app: Hono, bundle: BrowserBundler): void {
  const approval = bundledOnce(bundle, 'page/approval-window-page.ts', 'approval-window')
  const panel = bundledOnce(bundle, 'page/panel-window-page.ts', 'panel-window')
  const script = { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' }
  app.get(APPROVAL_WINDOW_PATH, (c) => c.html(approvalWindowPage(), 200, WINDOW_HEADERS))
  app.get(APPROVAL_WINDOW_SCRIPT_PATH, async (c) => c.body((await approval()).js, 200, script))
  app.get(PANEL_WINDOW_PATH, (c) => c.html(panelWindowPage(), 200, WINDOW_HEADERS))
  app.get(PANEL_WINDOW_SCRIPT_PATH, async (c) => c.body((await panel()).js, 200, script))
}
