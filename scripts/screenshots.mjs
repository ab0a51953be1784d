// `npm run screenshots`: a picture of every view of the demo in the light and the dark theme, for
// docs/views.md. The end-to-end axe walk (e2e/tests/modal.spec.ts) visits every view in both themes
// against its own sandbox and the production demo; told PORTICO_SCREENSHOTS, it keeps each view's
// dialog as a PNG in docs/previews/views/. Then this writes docs/views.md, one row per view
// (`npm run screenshots -- --gallery` writes it again from the pictures there, without the walk).
import { spawnSync } from 'node:child_process'
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { root } from './ensure.mjs'

const out = join(root, 'docs/previews/views')
if (!process.argv.includes('--gallery')) {
  rmSync(out, { recursive: true, force: true })
  mkdirSync(out, { recursive: true })
  const run = spawnSync(process.execPath, ['node_modules/@playwright/test/cli.js', 'test', '-c', 'e2e/playwright.config.ts', 'e2e/tests/modal.spec.ts', '-g', 'axe-core', '--reporter=line'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORTICO_SCREENSHOTS: out },
  })
  if (run.status !== 0) process.exit(run.status ?? 1)
}

/** `07-Account-light.png` → { order: '07', view: 'Account' }, paired by theme (the dialog's name, its spaces as dashes). */
const rows = new Map()
for (const file of readdirSync(out).sort()) {
  const match = /^(\d+)-(.+)-(light|dark)\.png$/.exec(file)
  if (!match) continue
  const [, order, view, theme] = match
  const row = rows.get(order) ?? { view, files: {} }
  row.files[theme] = file
  rows.set(order, row)
}
const title = (view) => view.replace(/-/g, ' ')
const lines = [
  '# Every view, light and dark',
  '',
  'Made by `npm run screenshots` from the production demo and its sandbox, in the order the end-to-end',
  'accessibility walk visits them (each view passes axe-core in both themes). Connect, All Wallets and',
  "its search, WalletConnect's QR code, a wallet declined and asked again, Account's three tabs, Send",
  '(form, token picker, an error, review), Receive, Swap, Buy, the networks, a wallet on an unlisted',
  'network, and a signing request.',
  '',
  '| # | view | light | dark |',
  '| - | ---- | ----- | ---- |',
  ...[...rows].map(
    ([order, { view, files }]) =>
      `| ${Number(order)} | ${title(view)} | ${files.light ? `<img src="previews/views/${files.light}" width="240" alt="${title(view)}, light theme">` : '—'} | ${files.dark ? `<img src="previews/views/${files.dark}" width="240" alt="${title(view)}, dark theme">` : '—'} |`,
  ),
  '',
]
writeFileSync(join(root, 'docs/views.md'), lines.join('\n'))
// In the house's format (Biome formats Markdown too), so `npm test`'s lint passes on what this wrote.
spawnSync(process.execPath, ['node_modules/@biomejs/biome/bin/biome', 'format', '--write', 'docs/views.md'], { cwd: root, stdio: 'inherit' })
console.log(`docs/views.md: ${rows.size} views, ${readdirSync(out).length} pictures in docs/previews/views/`)
