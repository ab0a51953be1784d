import { FRAME_CONFIG_ELEMENT_ID, type FramePageConfig } from './api.ts'

/** The name the frame service's pages and the start output use. */
export const FRAME_SERVICE_NAME = 'Embedded-wallet frame'

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string)
}

/** A small page of the service (mailbox, device confirmation, login pages): its own CSS, no script unless given. */
export function htmlPage(title: string, body: string, options: { script?: string } = {}): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    '<link rel="stylesheet" href="/assets/frame-pages.css">',
    options.script ? `<script type="module" src="${options.script}"></script>` : '',
    '</head>',
    `<body><main>${body}</main></body>`,
    '</html>',
  ].join('\n')
}

export const PAGES_CSS = `
:root { color-scheme: light dark; font-family: system-ui, sans-serif; }
body { margin: 0; padding: 24px; }
main { max-width: 640px; margin: 0 auto; }
h1 { font-size: 1.4rem; }
form { display: flex; flex-direction: column; gap: 8px; max-width: 320px; }
label { font-weight: 600; }
input, button { font: inherit; padding: 8px 10px; border-radius: 8px; border: 1px solid #888; }
button { cursor: pointer; background: #2f5fd0; color: #fff; border-color: #2f5fd0; }
button.secondary { background: transparent; color: inherit; border-color: #888; }
button:focus-visible, input:focus-visible, a:focus-visible { outline: 3px solid #f0a000; outline-offset: 2px; }
article { border: 1px solid #8884; border-radius: 8px; padding: 12px; margin: 12px 0; }
pre { white-space: pre-wrap; word-break: break-word; }
.meta { color: #666; font-size: 0.9rem; margin: 0; }
[role="alert"] { color: #b00020; }
[role="dialog"] { border: 1px solid #8886; border-radius: 12px; padding: 16px; display: flex; flex-direction: column; gap: 8px; max-width: 360px; }
select { font: inherit; padding: 8px; border-radius: 8px; }
.actions { display: flex; gap: 8px; }
`

/**
 * The frame page's stylesheet: its approval of unsafe requests, in the modal's look (same spacing,
 * type and colours; `data-theme` follows the page's SYNC_THEME), readable in both themes (WCAG AA).
 */
export const FRAME_CSS = `
:root {
  color-scheme: light;
  --accent: #3b5bdb; --on-accent: #ffffff; --bg: #ffffff; --surface: #f1f3f5; --fg: #141414; --muted: #5c6370;
  --border: #dfe2e6; --warning-bg: #fff4e6; --warning-fg: #8a3c00; --warning-border: #f08c00;
  --danger-bg: #fff5f5; --danger-fg: #a51111; --danger-border: #e03131; --danger-fg-strong: #b3261e; --in-fg: #1b7a33;
  font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; font-size: 14px; color: var(--fg); background: var(--bg);
}
:root[data-theme='dark'] {
  color-scheme: dark;
  --accent: #7c93ff; --on-accent: #0d0e10; --bg: #191a1d; --surface: #25272b; --fg: #f1f3f5; --muted: #a4abb6;
  --border: #34373c; --warning-bg: #3b2a12; --warning-fg: #ffd8a8; --warning-border: #f08c00;
  --danger-bg: #3a1618; --danger-fg: #ffc9c9; --danger-border: #fa5252; --danger-fg-strong: #ff8787; --in-fg: #69db7c;
}
html, body { margin: 0; background: var(--bg); }
.approval { box-sizing: border-box; display: flex; flex-direction: column; gap: 10px; max-height: 100vh; padding: 4px 16px 16px; }
.approval > * { flex-shrink: 0; }
.approval > .approval-body { flex-shrink: 1; }
.approval header { display: flex; flex-direction: column; gap: 2px; }
.approval h1 { margin: 0; font-size: 16px; font-weight: 600; }
.approval h1:focus { outline: none; }
.requester { margin: 0; color: var(--muted); font-size: 12px; overflow-wrap: anywhere; }
.approval-body { display: flex; flex-direction: column; gap: 10px; min-height: 0; overflow: auto; flex: 0 1 auto; }
.approval-body:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.summary { margin: 0; font-size: 16px; font-weight: 600; overflow-wrap: anywhere; }
.warning { margin: 0; padding: 8px 12px; border: 1px solid var(--warning-border); border-radius: 10px; background: var(--warning-bg); color: var(--warning-fg); }
.dangers { margin: 0; padding: 8px 12px; border: 2px solid var(--danger-border); border-radius: 10px; background: var(--danger-bg); color: var(--danger-fg); display: flex; flex-direction: column; gap: 6px; }
.dangers ul { margin: 0; padding-left: 18px; overflow-wrap: anywhere; }
.dangers label { display: flex; gap: 8px; align-items: center; font-weight: 600; cursor: pointer; }
.dangers input { width: 18px; height: 18px; margin: 0; accent-color: var(--danger-border); }
.dangers input:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.changes { margin: 0; padding: 8px 12px; border-radius: 10px; background: var(--surface); display: flex; flex-direction: column; gap: 4px; }
.changes h2, .dangers h2 { margin: 0; font-size: 14px; font-weight: 600; }
.changes ul { margin: 0; padding: 0; list-style: none; overflow-wrap: anywhere; }
.changes li { font-weight: 600; }
.changes li.out { color: var(--danger-fg-strong); }
.changes li.in { color: var(--in-fg); }
.changes li.approval { color: var(--warning-fg); font-weight: 500; }
.changes p { margin: 0; color: var(--muted); }
.message { margin: 0; padding: 10px 12px; border-radius: 10px; background: var(--surface); font: inherit; white-space: pre-wrap; overflow-wrap: anywhere; }
.message.hex { font-family: ui-monospace, monospace; font-size: 12px; }
.rows { display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; margin: 0; }
.row { display: contents; }
.rows dt { color: var(--muted); }
.rows dd { margin: 0; overflow-wrap: anywhere; }
.label, .tree-type { margin: 0 0 4px; color: var(--muted); }
.tree, .tree-children { margin: 0; padding-left: 14px; list-style: none; }
.tree { padding: 8px 12px; border-radius: 10px; background: var(--surface); }
.tree-key { color: var(--muted); }
.tree-value { overflow-wrap: anywhere; }
.status { margin: 0; color: var(--muted); min-height: 1em; }
.status:empty { display: none; }
.actions { display: flex; gap: 8px; }
.actions button { flex: 1; min-height: 40px; padding: 0 16px; border: 0; border-radius: 16px; font: inherit; font-weight: 600; cursor: pointer; }
.actions .primary { background: var(--accent); color: var(--on-accent); }
.actions .secondary { background: var(--surface); color: var(--fg); }
.actions button:disabled { cursor: default; opacity: 0.55; }
.actions button:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.totp-qr { display: block; flex-shrink: 0; width: 228px; height: 228px; margin: 0 auto; border-radius: 8px; }
.totp-secret, .exported-key, .recovery-codes { font-family: ui-monospace, monospace; overflow-wrap: anywhere; }
.recovery-codes { margin: 0; padding: 8px 12px 8px 32px; border-radius: 10px; background: var(--surface); columns: 2; }
.field { display: flex; flex-direction: column; gap: 4px; margin: 0; }
.field input { background: var(--bg); color: var(--fg); }
`

/** The frame page: its script, its stylesheet (the approval's) and the config it starts from. */
export function framePage(config: FramePageConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c')
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<title>Portico secure frame</title>',
    `<script type="application/json" id="${FRAME_CONFIG_ELEMENT_ID}">${json}</script>`,
    '<link rel="stylesheet" href="/assets/frame.css">',
    '<script type="module" src="/assets/frame.js"></script>',
    '</head>',
    '<body><p>Portico secure frame. It keeps an embedded wallet’s keys on its own origin and runs inside a dapp.</p></body>',
    '</html>',
  ].join('\n')
}

/** GET /device/confirm: what the device link shows. */
export function deviceConfirmedPage(ok: boolean, message: string): string {
  return htmlPage(
    ok ? 'Device confirmed' : 'Device not confirmed',
    ok ? '<h1>Device confirmed</h1><p>Go back to the app: a code is on its way to your inbox.</p>' : `<h1>Device not confirmed</h1><p role="alert">${escapeHtml(message)}</p>`,
  )
}

export const SOCIAL_CALLBACK_ELEMENT_ID = 'portico-social-callback'

/**
 * GET /social/callback: where every provider sends the popup back. Its script posts
 * `{ type: 'PORTICO_SOCIAL_CALLBACK', uri: location.href }` to the window that opened the popup, to
 * the exact dapp origin recorded with the sign-in's state, then closes the popup.
 */
export function socialCallbackPage(targetOrigin: string | undefined): string {
  const json = JSON.stringify({ targetOrigin: targetOrigin ?? null }).replace(/</g, '\\u003c')
  return htmlPage(
    'Signing in',
    [
      `<script type="application/json" id="${SOCIAL_CALLBACK_ELEMENT_ID}">${json}</script>`,
      targetOrigin ? '<h1>Signing in</h1><p role="status">Returning to the app…</p>' : '<h1>Sign-in expired</h1><p role="alert">This sign-in has expired. Start again</p>',
    ].join('\n'),
    { script: '/assets/social-callback.js' },
  )
}

/** The callback page's script (plain, no bundle). */
export const SOCIAL_CALLBACK_JS = `
const element = document.getElementById('${SOCIAL_CALLBACK_ELEMENT_ID}')
let target = null
try { target = JSON.parse(element ? element.textContent : 'null').targetOrigin } catch {}
if (target && window.opener) {
  window.opener.postMessage({ type: 'PORTICO_SOCIAL_CALLBACK', uri: location.href }, target)
  window.close()
} else if (target) {
  const status = document.querySelector('[role="status"]')
  if (status) status.textContent = 'Signed in. Close this window and go back to the app.'
}
`
