import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { walletConnectPeerMetadataSchema } from '@portico/shared-types'
import { classifyRpcMethod, EMBEDDED_EVENT_NAMES, UNSAFE_RPC_METHODS } from '@portico/shared-types/embedded'
import { z } from 'zod'
import { freshEmail, loginWithEmail } from '../../e2e/embedded.ts'
import { expect, test } from '../../e2e/fixtures.ts'
import { E2E_PORTS, E2E_URLS } from '../../e2e/ports.ts'
import { begin, record } from '../fuzz/harness.ts'

const XSS_ROW = 'Hostile content: XSS payloads shown by the modal'
const FOREIGN_ROW = 'Foreign messages: posted from other origins and windows'

/** reliability/xss-payloads.txt: each payload calls the page's trap `__xss()` if it ever runs. */
const PAYLOADS = readFileSync(new URL('../xss-payloads.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line !== '' && !line.startsWith('#'))

/** Icons a wallet may announce (any data:image/ URI passes the schema), each trying to run the trap. */
const ICONS = [
  `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" onload="__xss()"><script>__xss()</script><rect width="10" height="10"/></svg>')}`,
  `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:parent.__xss()"/></foreignObject></svg>').toString('base64')}`,
  'data:image/png,"><img src=x onerror=__xss()>',
  'data:image/svg+xml,<svg onload=__xss()>',
]

test('XSS payloads as EIP-6963 wallet names, icons and wallet errors: 0 executions, every name shown as text', async ({ page }) => {
  begin(XSS_ROW, 'EIP-6963 wallet names, icons and errors')
  await page.addInitScript(
    ({ payloads, icons }) => {
      const w = window as unknown as { __xss(): void; __xssCount: number }
      w.__xssCount = 0
      w.__xss = () => void (w.__xssCount += 1)
      window.alert = () => w.__xss()
      payloads.forEach((name, i) => {
        const info = Object.freeze({ uuid: crypto.randomUUID(), name, icon: icons[i % icons.length], rdns: `org.example.hostile${i}` })
        // Its errors carry the payload too: a refused connection shows the wallet's message.
        const provider = { request: async () => Promise.reject({ code: 4100, message: name }), on() {}, removeListener() {} }
        const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }))
        window.addEventListener('eip6963:requestProvider', announce)
        announce()
      })
    },
    { payloads: PAYLOADS, icons: ICONS },
  )
  await page.goto('/')
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  await expect(dialog.getByRole('button', { name: 'Sandbox Wallet' })).toBeVisible()
  // Every announced wallet is listed: its name shows as the very text announced.
  const shownText = async () => page.evaluate(() => document.body.textContent ?? '')
  await expect
    .poll(
      async () => {
        const text = await shownText()
        return PAYLOADS.filter((p) => text.includes(p)).length
      },
      { timeout: 15_000 },
    )
    .toBe(PAYLOADS.length)
  // A few connections refused with the payload as the wallet's message.
  for (const name of PAYLOADS.slice(0, 3)) {
    await page
      .getByRole('dialog')
      .getByRole('button', { name: `${name} Installed`, exact: true })
      .first()
      .click()
    await expect(page.getByRole('dialog').getByText(name, { exact: false }).first()).toBeVisible()
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
  }
  // The announced icons (data: URIs) have loaded, or failed to: whatever they hold has had its chance to run.
  await page.waitForFunction(() => [...document.images].filter((img) => img.src.startsWith('data:')).every((img) => img.complete))
  const text = await shownText()
  const missing = PAYLOADS.filter((p) => !text.includes(p))
  const executions = await page.evaluate(() => (window as unknown as { __xssCount: number }).__xssCount)
  record({
    row: XSS_ROW,
    name: 'EIP-6963 wallet names, icons and errors',
    cases: PAYLOADS.length * 2 + 3,
    unit: 'payloads shown',
    failures: executions + missing.length,
    examples: [...(executions > 0 ? [{ input: 'the announced wallets', problem: `${executions} executions` }] : []), ...missing.slice(0, 3).map((p) => ({ input: p, problem: 'not shown as text' }))],
  })
  expect({ executions, missing }).toEqual({ executions: 0, missing: [] })
})

test('XSS payloads typed as an email: 0 executions, the field says it is not an email', async ({ page }) => {
  begin(XSS_ROW, 'emails')
  await page.addInitScript(() => {
    const w = window as unknown as { __xss(): void; __xssCount: number }
    w.__xssCount = 0
    w.__xss = () => void (w.__xssCount += 1)
    window.alert = () => w.__xss()
  })
  await page.goto('/')
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const field = page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('textbox', { name: /Email/ })
  const typed = PAYLOADS.slice(0, 20).map((p) => `${p}@example.org`)
  let refused = 0
  for (const email of typed) {
    await field.fill(email)
    await field.press('Enter')
    if (await page.getByRole('dialog', { name: 'Connect Wallet' }).getByText('Enter a valid email address').isVisible()) refused += 1
  }
  const executions = await page.evaluate(() => (window as unknown as { __xssCount: number }).__xssCount)
  record({
    row: XSS_ROW,
    name: 'emails',
    cases: typed.length,
    unit: 'payloads shown',
    failures: executions + (typed.length - refused),
    examples: executions > 0 ? [{ input: 'typed emails', problem: `${executions} executions` }] : [],
  })
  expect({ executions, refused }).toEqual({ executions: 0, refused: typed.length })
})

/** A page of another loopback origin, as an attacker's site on the visitor's machine would be. */
function attackerSite(port: number): Promise<Server> {
  const html = '<!doctype html><title>Another site</title><h1>Another site</h1>'
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html))
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)))
}

test('messages from another origin and other windows: 0 accepted, 0 unsafe RPC run without approval', async ({ demo: page, sandbox, context }) => {
  begin(FOREIGN_ROW, 'frame on another origin; the dapp opened by another window')
  const account = await loginWithEmail(page, sandbox, freshEmail('foreign'))
  const address = await account.getByTestId('account-address').getAttribute('title')
  const before = sandbox.frame.rpcMethods().length
  const server = await attackerSite(E2E_PORTS.demo + 17)
  try {
    const attacker = await context.newPage()
    await attacker.goto(`http://127.0.0.1:${E2E_PORTS.demo + 17}/`)
    const frameUrl = sandbox.frame.frameUrl({ projectId: 'portico-demo', chainId: 31337 })
    const seen = await attacker.evaluate(
      async ({ frameUrl, frameOrigin, demoUrl, events, unsafe, address }) => {
        const answers: string[] = []
        window.addEventListener('message', (e) => {
          if (typeof e.data?.type === 'string' && e.data.type.endsWith('_SUCCESS')) answers.push(`${e.data.type} ${JSON.stringify(e.data.payload).slice(0, 80)}`)
        })
        // 1. The frame, loaded on this other origin, asked to sign and send.
        const iframe = document.createElement('iframe')
        iframe.src = frameUrl
        document.body.appendChild(iframe)
        await new Promise((resolve) => iframe.addEventListener('load', resolve, { once: true }))
        await new Promise((resolve) => setTimeout(resolve, 1000))
        const hex = '0x' + [...new TextEncoder().encode('foreign')].map((b) => b.toString(16).padStart(2, '0')).join('')
        const params: Record<string, unknown[]> = {
          personal_sign: [hex, address],
          eth_sendTransaction: [{ from: address, to: address, value: '0x1' }],
          eth_signTypedData_v4: [address, JSON.stringify({ types: {}, domain: {}, primaryType: 'x', message: {} })],
        }
        let posted = 0
        for (const method of unsafe) {
          for (const target of [frameOrigin, '*']) {
            iframe.contentWindow!.postMessage({ type: 'APP_RPC_REQUEST', id: crypto.randomUUID(), payload: { method, params: params[method] ?? [], chainId: 31337 } }, target)
            posted += 1
          }
        }
        // 2. The dapp's page, opened from here, sent every protocol message the frame could send.
        const demo = window.open(demoUrl, 'demo')!
        await new Promise((resolve) => setTimeout(resolve, 3000))
        for (const event of events) {
          for (const type of [`FRAME_${event}_SUCCESS`, `FRAME_${event}_ERROR`]) {
            demo.postMessage({ type, id: crypto.randomUUID(), payload: { message: 'forged', result: '0x00' } }, '*')
            posted += 1
          }
        }
        for (const message of [
          { type: 'FRAME_READY' },
          { type: 'FRAME_INIT_ERROR', payload: { message: 'Invalid App Configuration' } },
          { type: 'PORTICO_SOCIAL_CALLBACK', uri: 'http://127.0.0.1:1/callback?code=forged' },
        ]) {
          demo.postMessage(message, '*')
          posted += 1
        }
        await new Promise((resolve) => setTimeout(resolve, 3000))
        return { answers, posted }
      },
      { frameUrl, frameOrigin: new URL(frameUrl).origin, demoUrl: `${E2E_URLS.demo}/`, events: EMBEDDED_EVENT_NAMES, unsafe: UNSAFE_RPC_METHODS.filter((m) => !m.startsWith('solana')), address },
    )
    const opened = context.pages().find((p) => p !== page && p !== attacker)
    // The demo the attacker opened shows the visitor's account as before, with no alert of a forged message.
    if (opened) await expect(opened.getByRole('alert')).toHaveCount(0)
    await expect(page.getByRole('alert')).toHaveCount(0)
    const unsafeRun = sandbox.frame
      .rpcMethods()
      .slice(before)
      .map((r) => r.method)
      .filter((m) => classifyRpcMethod(m) !== 'safe')
    const accepted = seen.answers.filter((a) => a.startsWith('FRAME_RPC_REQUEST_SUCCESS'))
    record({
      row: FOREIGN_ROW,
      name: 'frame on another origin; the dapp opened by another window',
      cases: seen.posted,
      unit: 'messages',
      failures: accepted.length + unsafeRun.length,
      examples: [...accepted.slice(0, 2).map((a) => ({ input: a, problem: 'answered an unsafe request' })), ...unsafeRun.slice(0, 2).map((m) => ({ input: m, problem: 'ran without approval' }))],
    })
    expect({ accepted, unsafeRun }).toEqual({ accepted: [], unsafeRun: [] })
  } finally {
    server.close()
  }
})

/** The demo's metadata as its production bundle writes it (demo/src/config.ts, minified). */
const DEMO_METADATA = 'metadata:{name:`Portico demo`,description:`A dapp that embeds Portico`,url:window.location.origin,icons:[]}'

test('XSS payloads as the dapp’s own metadata (name, description, icons), shown in the sign-in view: 0 executions, the name shown as text', async ({ browser, baseURL, sandbox: _ }) => {
  begin(XSS_ROW, 'dapp metadata: name, description and icons')
  // A fresh visitor per payload costs seconds: a sample of the list (markup, an event handler, a URL, a template).
  const names = PAYLOADS.filter((_, i) => i % 16 === 0)
  let executions = 0
  const missing: string[] = []
  let replaced = 0
  for (const [i, name] of names.entries()) {
    // A context of its own per payload (a fresh visitor): the dapp's bundle served with its metadata replaced.
    const context = await browser.newContext({ baseURL })
    try {
      await context.addInitScript(() => {
        const w = window as unknown as { __xss(): void; __xssCount: number }
        w.__xssCount = 0
        w.__xss = () => void (w.__xssCount += 1)
        window.alert = () => w.__xss()
      })
      const page = await context.newPage()
      await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
        const response = await route.fetch()
        const text = await response.text()
        if (text.includes(DEMO_METADATA)) replaced += 1
        const metadata = `metadata:{name:${JSON.stringify(name)},description:${JSON.stringify(PAYLOADS[(i + 1) % PAYLOADS.length])},url:window.location.origin,icons:${JSON.stringify(ICONS)}}`
        const headers = Object.fromEntries(Object.entries(response.headers()).filter(([k]) => !['content-length', 'content-encoding'].includes(k.toLowerCase())))
        await route.fulfill({ status: response.status(), headers, body: text.replace(DEMO_METADATA, metadata) })
      })
      await page.goto(`/?siwx=required&sandboxAccount=${1 + (i % 4)}`)
      await page.getByRole('button', { name: 'Connect Wallet' }).click()
      await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'Sandbox Wallet' }).click()
      await page.getByRole('dialog', { name: 'Sandbox Wallet request' }).getByRole('button', { name: 'Approve' }).click()
      const signIn = page.getByRole('dialog', { name: 'Sign In' })
      await expect(signIn.getByRole('button', { name: 'Sign', exact: true })).toBeVisible()
      if (!((await signIn.textContent()) ?? '').includes(name)) missing.push(name)
      await page.waitForFunction(() => [...document.images].every((img) => img.complete))
      executions += await page.evaluate(() => (window as unknown as { __xssCount: number }).__xssCount)
    } finally {
      await context.close()
    }
  }
  record({
    row: XSS_ROW,
    name: 'dapp metadata: name, description and icons',
    cases: names.length * (2 + ICONS.length),
    unit: 'payloads shown',
    failures: executions + missing.length + (names.length - replaced),
    examples: [
      ...(executions > 0 ? [{ input: 'dapp metadata', problem: `${executions} executions` }] : []),
      ...missing.slice(0, 3).map((p) => ({ input: p, problem: 'not shown as text' })),
      ...(replaced < names.length ? [{ input: DEMO_METADATA, problem: 'the demo bundle no longer holds this metadata' }] : []),
    ],
  })
  expect({ executions, missing, replaced }).toEqual({ executions: 0, missing: [], replaced: names.length })
})

test('XSS payloads as a WalletConnect wallet’s metadata (name, description, url, icons): the dapp connects, the Wallets view names it as text, 0 executions', async ({ page, context, sandbox }) => {
  begin(XSS_ROW, 'WalletConnect peer metadata')
  const name = PAYLOADS[8]!
  const description = PAYLOADS[13]!
  let served = 0
  await context.addInitScript(() => {
    const w = window as unknown as { __xss(): void; __xssCount: number }
    w.__xssCount = 0
    w.__xss = () => void (w.__xssCount += 1)
    window.alert = () => w.__xss()
  })
  // The Sandbox Phone Wallet's own code, served with the metadata it gives WalletConnect replaced.
  const phone = await context.newPage()
  await phone.route(`${sandbox.phoneWallet.url}/**/*.js`, async (route) => {
    const response = await route.fetch()
    let body = await response.text()
    // Its metadata as the bundle writes it (minified: `description:"…",url:x.url,icons:[`${x.url}/icon.svg`]`), and its name.
    const metadata = /description:"A WalletConnect wallet for the Portico sandbox \(development only\)",\s*url:\s*[\w$]+\.url,\s*icons:\s*\[`\$\{[\w$]+\.url\}\/icon\.svg`\]/
    const icons = [...ICONS, 'javascript:__xss()', 'data:text/html,<script>__xss()</script>']
    if (metadata.test(body)) (served += 3), (body = body.replace(metadata, () => `description:${JSON.stringify(description)},url:"javascript:__xss()",icons:${JSON.stringify(icons)}`))
    if (body.includes('"Sandbox Phone Wallet"')) (served += 1), (body = body.replaceAll('"Sandbox Phone Wallet"', JSON.stringify(name)))
    const headers = Object.fromEntries(Object.entries(response.headers()).filter(([k]) => !['content-length', 'content-encoding'].includes(k.toLowerCase())))
    await route.fulfill({ status: response.status(), headers, body })
  })
  await phone.goto(`${sandbox.phoneWallet.url}/`)
  await expect(phone.locator('html[data-ready="true"]')).toBeAttached({ timeout: 20_000 })

  await page.goto('/')
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'WalletConnect', exact: true }).click()
  const qr = page.getByRole('dialog', { name: 'WalletConnect' }).getByRole('img', { name: 'WalletConnect QR code' })
  await expect(qr).toBeVisible()
  const uri = (await qr.getAttribute('data-qr-value'))!
  await phone.getByLabel('WalletConnect link').fill(uri)
  await phone.getByRole('button', { name: 'Connect', exact: true }).click()
  await phone.getByRole('dialog', { name: 'Connect to Portico demo?' }).getByRole('button', { name: 'Approve' }).click()
  const account = page.getByRole('dialog', { name: 'Account' })
  await expect(account).toBeVisible()
  await expect(page.getByTestId('dapp-status')).toHaveText('Connected 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266 on Portico Local')
  // A second wallet beside it: the Wallets view names the phone wallet by the name its session gave, cleaned at the
  // boundary (control and direction characters out, cut to length) and shown as text.
  await account.getByTestId('add-wallet').click()
  await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'Sandbox Wallet' }).click()
  await page.getByRole('dialog', { name: 'Sandbox Wallet request' }).getByRole('button', { name: 'Approve' }).click()
  await account.getByTestId('wallets-count').click()
  const phoneRow = page.locator('[data-testid="wallet-row"][data-wallet-id="walletConnect|eip155"]')
  await expect(phoneRow.locator('.portico-wallet-name')).toHaveText(z.parse(walletConnectPeerMetadataSchema, { name }).name)
  await page.waitForFunction(() => [...document.images].every((img) => img.complete))
  const executions = await page.evaluate(() => (window as unknown as { __xssCount: number }).__xssCount)
  // Nothing of the wallet's became a link or markup that runs.
  const markup = await page.evaluate(() =>
    [...document.querySelectorAll('*')]
      .filter((el) => [...el.attributes].some((a) => /^on/i.test(a.name) || /^\s*(javascript|vbscript|data:text\/html)/i.test(a.value)))
      .map((el) => el.outerHTML.slice(0, 120)),
  )
  record({
    row: XSS_ROW,
    name: 'WalletConnect peer metadata',
    cases: served === 0 ? 0 : 2 + ICONS.length + 3,
    unit: 'payloads shown',
    failures: executions + markup.length + (served < 4 ? 1 : 0),
    examples: [
      ...(executions > 0 ? [{ input: 'peer metadata', problem: `${executions} executions` }] : []),
      ...markup.slice(0, 3).map((m) => ({ input: m, problem: 'became markup' })),
      ...(served < 4 ? [{ input: 'phone wallet bundle', problem: `only ${served} of 4 metadata fields replaced` }] : []),
    ],
  })
  expect({ executions, markup, served }).toEqual({ executions: 0, markup: [], served: 4 })
})
