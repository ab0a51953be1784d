import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer, type Server } from 'node:http'
import type { Browser, Page } from 'playwright-core'
import { verifyMessage, verifyTypedData, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchTestChromium } from '../../sandbox/src/chromium-for-tests.ts'
import { z } from 'zod'
import { startSandbox, type SandboxHandle } from '../../sandbox/src/index.ts'
import { testSandboxOptions } from '../../sandbox/test/helpers.ts'
import { mailboxMessageSchema } from '../../sandbox/src/sign-in/mailbox.ts'
import { SOCIAL_PROVIDER_NAMES, type OidcSocialProvider } from '../src/social.ts'
import { restPointerOn } from './approval-pointer.ts'

// Ports of this file (README "Tests"): base 22640 (frame at base + 5); the host pages on base + 8 and base + 9.
const OFFSET = Number(process.env['PORTICO_E2E_PORT_OFFSET'] ?? 0) || 0
const HOST_PORT = 22648 + OFFSET
const OTHER_PORT = 22649 + OFFSET
const HOST = `http://127.0.0.1:${HOST_PORT}`
const OTHER = `http://127.0.0.1:${OTHER_PORT}`
const PROJECT = 'frame-browser-test'

/**
 * A dapp page as small as can be: it loads the frame in a hidden iframe, keeps every message the
 * frame posts (origin and source pinned), and `ask(type, payload)` posts one request to the frame's
 * exact origin and resolves with its answer.
 */
function hostPage(frameUrl: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title></head><body>
<script>
const frameOrigin = new URL(${JSON.stringify(frameUrl)}).origin
const iframe = document.createElement('iframe')
iframe.title = 'Portico secure frame'
iframe.hidden = true
iframe.src = ${JSON.stringify(frameUrl)}
window.received = []
window.addEventListener('message', (e) => {
  if (e.origin !== frameOrigin || e.source !== iframe.contentWindow) return
  if (e.data && e.data.type === 'FRAME_READY') window.readyAt ??= performance.now()
  // The frame's approval: shown where the frame asks, as a modal would lay it over its body.
  if (e.data && e.data.type === 'FRAME_APPROVAL_SHOW') { iframe.hidden = false; iframe.style.cssText = 'position:fixed;top:40px;left:40px;width:360px;border:0;height:' + e.data.payload.height + 'px' }
  if (e.data && e.data.type === 'FRAME_APPROVAL_HIDE') iframe.hidden = true
  if (e.data && e.data.type.startsWith('FRAME_APPROVAL_')) return
  window.received.push(e.data)
})
document.body.append(iframe)
window.callbacks = []
window.addEventListener('message', (e) => {
  if (e.origin !== frameOrigin || !window.popup || e.source !== window.popup) return
  window.callbacks.push(e.data)
})
window.openPopup = (uri) => { window.popup = window.open(uri, 'portico-social', 'popup,width=480,height=640') }
window.ask = (type, payload = {}) => new Promise((resolve) => {
  const id = crypto.randomUUID()
  const timer = setInterval(() => {
    const answer = window.received.find((m) => m.id === id)
    if (answer) { clearInterval(timer); resolve(answer) }
  }, 20)
  iframe.contentWindow.postMessage({ type: 'APP_' + type, id, payload }, frameOrigin)
})
</script></body></html>`
}

/** Runs axe-core (WCAG 2.1 A and AA) in the page, evaluated over the DevTools protocol (the page's CSP does not apply). */
async function axeViolations(target: Page): Promise<Array<{ id: string; nodes: unknown[] }>> {
  await target.evaluate(readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'))
  return target.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: string, opts: object) => Promise<{ violations: Array<{ id: string; nodes: unknown[] }> }> } }).axe
    return (await axe.run('body', { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })).violations
  })
}

/** Waits in this file are generous: the machine may be shared and slow. No duration is asserted. */
const WAIT = { timeout: 20_000 }

let sandbox: SandboxHandle
let browser: Browser
let servers: Server[] = []
const leftTheMachine: string[] = []

/** Serves `/host?frame=<url>` (the host page) and `/blank` on `port`. */
async function serveHost(port: number): Promise<Server> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`)
    if (url.pathname === '/host') return void res.writeHead(200, { 'content-type': 'text/html' }).end(hostPage(url.searchParams.get('frame') ?? ''))
    if (url.pathname === '/blank') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Other</title><p>other</p>')
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return server
}

type FrameAnswer = { type: string; id?: string; payload?: unknown }

async function openHost(page: Page, origin: string, projectId = PROJECT): Promise<void> {
  await page.goto(`${origin}/host?frame=${encodeURIComponent(sandbox.frame.frameUrl({ projectId, chainId: 31337 }))}`)
  await expect.poll(() => page.evaluate(() => (window as unknown as { received: FrameAnswer[] }).received.map((m) => m.type)), WAIT).toEqual([expect.stringMatching(/^FRAME_(READY|INIT_ERROR)$/)])
}
const ask = (page: Page, type: string, payload: object = {}) =>
  page.evaluate(([t, p]) => (window as unknown as { ask(t: string, p: object): Promise<FrameAnswer> }).ask(t, p), [type, payload] as const)
/**
 * The frame once the host shows it and the frame sees itself on screen (its Approve is armed): a
 * click before that could land on the host page, not in the frame.
 */
async function shownFrame(page: Page) {
  await page.locator('iframe[title="Portico secure frame"]').waitFor({ state: 'visible', ...WAIT })
  const frame = page.frameLocator('iframe[title="Portico secure frame"]')
  // Armed once the visitor's pointer rests on Approve (page/approval.ts).
  await restPointerOn(page, frame.locator('#approval-approve'), WAIT.timeout)
  return frame
}

/** Asks for an unsafe request and approves it with a real click on the frame's own Approve button. */
async function approveInFrame(page: Page, payload: object, shown: (frame: ReturnType<Page['frameLocator']>) => Promise<void> = async () => undefined): Promise<FrameAnswer> {
  const answer = ask(page, 'RPC_REQUEST', payload)
  const frame = await shownFrame(page)
  await shown(frame)
  await frame.getByRole('button', { name: 'Approve' }).click(WAIT)
  return answer
}
const received = (page: Page) => page.evaluate(() => (window as unknown as { received: FrameAnswer[] }).received)

async function lastCode(email: string): Promise<string> {
  const read = async () => z.array(mailboxMessageSchema).parse(await (await fetch(`${sandbox.frame.mail.url}/mailbox/messages?to=${encodeURIComponent(email)}`)).json())
  await expect.poll(async () => (await read()).length, WAIT).toBeGreaterThan(0)
  return /\b(\d{6})\b/.exec((await read()).at(-1)!.text)![1]!
}

describe('the secure frame in Chromium, embedded by a host page', () => {
  beforeAll(async () => {
    sandbox = await startSandbox(testSandboxOptions(22640, { seedHistory: false, services: ['frame'] }))
    sandbox.frame.projects.set(PROJECT, [HOST])
    servers = await Promise.all([serveHost(HOST_PORT), serveHost(OTHER_PORT)])
    browser = await launchTestChromium()
  })
  afterAll(async () => {
    await browser?.close()
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))))
    await sandbox?.stop()
  })

  it('logs in by email over postMessage, signs (verified with viem), keeps the session across a reload, changes the email, signs out', async () => {
    const page = await browser.newPage()
    page.on('request', (r) => void (!r.url().startsWith('http://127.0.0.1') && leftTheMachine.push(r.url())))
    await openHost(page, HOST)
    const readyAt = await page.evaluate(() => (window as unknown as { readyAt: number }).readyAt)
    console.log(`frame: host navigation start to FRAME_READY ${readyAt.toFixed(0)} ms (first load, frame script ${(sandbox.frame.bundle.bytes / 1024).toFixed(0)} KiB)`)
    expect((await received(page))[0]).toEqual({ type: 'FRAME_READY' })
    expect(await ask(page, 'IS_CONNECTED')).toMatchObject({ type: 'FRAME_IS_CONNECTED_SUCCESS', payload: { isConnected: false } })

    const email = 'browser@example.com'
    expect(await ask(page, 'CONNECT_EMAIL', { email: 'not an email' })).toMatchObject({ type: 'FRAME_CONNECT_EMAIL_ERROR', payload: { message: 'An error occurred' } })
    const t = performance.now()
    expect(await ask(page, 'CONNECT_EMAIL', { email })).toMatchObject({ type: 'FRAME_CONNECT_EMAIL_SUCCESS', payload: { action: 'VERIFY_OTP' } })
    const mailMs = performance.now() - t
    expect(await ask(page, 'CONNECT_EMAIL', { email })).toMatchObject({ type: 'FRAME_CONNECT_EMAIL_ERROR', payload: { message: expect.stringMatching(/^Please try again after \d+ seconds$/) } })
    expect(await ask(page, 'CONNECT_OTP', { otp: '000000' === (await lastCode(email)) ? '111111' : '000000' })).toMatchObject({ type: 'FRAME_CONNECT_OTP_ERROR', payload: { message: 'Invalid code' } })
    expect(await ask(page, 'CONNECT_OTP', { otp: await lastCode(email) })).toMatchObject({ type: 'FRAME_CONNECT_OTP_SUCCESS', payload: {} })
    // The frame lists the visitor's sessions, this device named from its User-Agent; an id that is not one ends nothing.
    expect(await ask(page, 'GET_SESSIONS', {})).toMatchObject({ type: 'FRAME_GET_SESSIONS_SUCCESS', payload: { sessions: [{ device: 'Chrome on Linux', current: true, thisSite: true }] } })
    expect(await ask(page, 'END_SESSION', { id: '00000000-0000-4000-8000-000000000000' })).toMatchObject({ type: 'FRAME_END_SESSION_SUCCESS', payload: { ended: false } })
    const user = (await ask(page, 'GET_USER', { chainId: 31337 })) as { type: string; payload: { address: Hex; email: string; chainId: number } }
    // A smart account by default (SPEC.md §4); this test signs with the key's EOA.
    expect(user).toMatchObject({ type: 'FRAME_GET_USER_SUCCESS', payload: { email, chainId: 31337, preferredAccountType: 'smartAccount' } })
    const eoa = (await ask(page, 'SET_PREFERRED_ACCOUNT', { type: 'eoa' })) as { payload: { type: string; address: Hex } }
    expect(eoa).toMatchObject({ type: 'FRAME_SET_PREFERRED_ACCOUNT_SUCCESS', payload: { type: 'eoa' } })
    expect(eoa.payload.address).not.toBe(user.payload.address)
    const address = eoa.payload.address
    const t2 = performance.now()

    const signed = (await approveInFrame(page, { method: 'personal_sign', params: ['0x68656c6c6f20706f727469636f', address] }, async (frame) => {
      await frame.getByTestId('approval-message').waitFor(WAIT)
      expect(await frame.getByTestId('approval-message').textContent()).toBe('hello portico')
    })) as { payload: { result: Hex } }
    console.log(`frame: CONNECT_EMAIL answered (code mailed over SMTP) in ${mailMs.toFixed(0)} ms; personal_sign over postMessage ${(performance.now() - t2).toFixed(0)} ms`)
    expect(await verifyMessage({ address, message: 'hello portico', signature: signed.payload.result })).toBe(true)
    const typed = { domain: { name: 'Portico', version: '1', chainId: 31337 }, types: { Greeting: [{ name: 'text', type: 'string' }] }, primaryType: 'Greeting', message: { text: 'gm' } } as const
    const typedAnswer = (await approveInFrame(page, { method: 'eth_signTypedData_v4', params: [address, JSON.stringify(typed)], chainId: 31337 }, async (frame) => {
      await frame.getByTestId('approval-tree').waitFor(WAIT)
      expect(await frame.getByTestId('approval-domain-name').textContent()).toBe('Portico')
      expect(await frame.getByTestId('approval-tree').textContent()).toContain('text: gm')
    })) as { payload: { result: Hex } }
    expect(await verifyTypedData({ address, ...typed, signature: typedAnswer.payload.result })).toBe(true)
    // Typed data for another chain than the connected one is refused before anything is shown.
    expect(await ask(page, 'RPC_REQUEST', { method: 'eth_signTypedData_v4', params: [address, JSON.stringify(typed)], chainId: 31338 })).toMatchObject({
      type: 'FRAME_RPC_REQUEST_ERROR',
      payload: { message: 'The typed data is for chain 31337, not the connected chain 31338' },
    })
    // A script's click on Approve (untrusted, even from inside the frame's own document) signs nothing;
    // the visitor's Enter on the focused Approve (a trusted key press) does.
    const byKey = ask(page, 'RPC_REQUEST', { method: 'personal_sign', params: ['0x6b6579', address] })
    const keyFrame = await shownFrame(page)
    const secure = page.frames().find((f) => f.url().startsWith(`${sandbox.frame.url}/frame`))!
    const rpcBefore = sandbox.frame.rpcMethods().filter((r) => r.method === 'personal_sign').length
    await secure.evaluate(() => {
      const button = document.getElementById('approval-approve')!
      button.click()
      button.dispatchEvent(new MouseEvent('click', { bubbles: true }))
      button.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }))
    })
    expect(await ask(page, 'GET_CHAIN_ID')).toMatchObject({ type: 'FRAME_GET_CHAIN_ID_SUCCESS' })
    expect(sandbox.frame.rpcMethods().filter((r) => r.method === 'personal_sign')).toHaveLength(rpcBefore)
    expect(await keyFrame.getByTestId('approval-message').textContent()).toBe('key')
    await keyFrame.getByRole('button', { name: 'Approve' }).focus()
    await page.keyboard.press('Enter')
    const keySigned = (await byKey) as { payload: { result: Hex } }
    expect(await verifyMessage({ address, message: 'key', signature: keySigned.payload.result })).toBe(true)

    // Reject in the frame answers 4001; nothing is signed.
    const rejected = ask(page, 'RPC_REQUEST', { method: 'personal_sign', params: ['0x6e6f', address] })
    await (await shownFrame(page)).getByRole('button', { name: 'Reject' }).click(WAIT)
    expect(await rejected).toMatchObject({ type: 'FRAME_RPC_REQUEST_ERROR', payload: { message: 'The visitor rejected the request', code: 4001 } })
    // The page can give up on waiting requests (4001) but has no message that approves.
    const aborted = ask(page, 'RPC_REQUEST', { method: 'personal_sign', params: ['0x6e6f', address] })
    await (await shownFrame(page)).getByTestId('approval-message').waitFor(WAIT)
    expect(await ask(page, 'ABORT_APPROVALS')).toMatchObject({ type: 'FRAME_ABORT_APPROVALS_SUCCESS', payload: { aborted: 1 } })
    expect(await aborted).toMatchObject({ type: 'FRAME_RPC_REQUEST_ERROR', payload: { message: 'Request was aborted', code: 4001 } })
    expect(await ask(page, 'RPC_REQUEST', { method: 'eth_sign', params: [address, '0x00'] })).toMatchObject({
      type: 'FRAME_RPC_REQUEST_ERROR',
      payload: { message: 'Requested RPC call is not allowed' },
    })
    expect(await ask(page, 'SWITCH_NETWORK', { chainId: 31338 })).toMatchObject({ type: 'FRAME_SWITCH_NETWORK_SUCCESS', payload: { chainId: 31338 } })
    expect(await ask(page, 'GET_CHAIN_ID')).toMatchObject({ payload: { chainId: 31338 } })
    expect(await ask(page, 'SET_PREFERRED_ACCOUNT', { type: 'eoa' })).toMatchObject({ payload: { type: 'eoa', address } })
    expect(await ask(page, 'GET_SMART_ACCOUNT_ENABLED_NETWORKS')).toMatchObject({ payload: { smartAccountEnabledNetworks: [31337, 31338] } })
    expect(await ask(page, 'SYNC_THEME', { themeMode: 'dark' })).toMatchObject({ type: 'FRAME_SYNC_THEME_SUCCESS' })
    expect(await ask(page, 'SYNC_DAPP_DATA', { sdkVersion: 'html-react-1', sdkType: 'portico', projectId: PROJECT })).toMatchObject({ type: 'FRAME_SYNC_DAPP_DATA_SUCCESS' })
    expect(await ask(page, 'SYNC_DAPP_DATA', { sdkVersion: 'html-react-1', sdkType: 'portico', projectId: 'another' })).toMatchObject({ payload: { message: 'Invalid App Configuration' } })

    // A reload (and the frame's RELOAD) keeps the session: it lives in the frame origin's storage.
    await page.reload()
    await expect.poll(async () => (await received(page)).map((m) => m.type), WAIT).toEqual(['FRAME_READY'])
    expect(await ask(page, 'IS_CONNECTED')).toMatchObject({ payload: { isConnected: true } })
    expect(await ask(page, 'GET_USER')).toMatchObject({ payload: { address, chainId: 31338 } })
    expect(await ask(page, 'RELOAD')).toMatchObject({ type: 'FRAME_RELOAD_SUCCESS' })
    await expect.poll(async () => (await received(page)).filter((m) => m.type === 'FRAME_READY').length, WAIT).toBe(2)
    expect(await ask(page, 'IS_CONNECTED')).toMatchObject({ payload: { isConnected: true } })

    // Change of email: a code to the current address, then one to the new address.
    const newEmail = 'browser-new@example.com'
    expect(await ask(page, 'UPDATE_EMAIL', { email: newEmail })).toMatchObject({ type: 'FRAME_UPDATE_EMAIL_SUCCESS', payload: { action: 'VERIFY_PRIMARY_OTP' } })
    expect(await ask(page, 'UPDATE_EMAIL_PRIMARY_OTP', { otp: await lastCode(email) })).toMatchObject({ type: 'FRAME_UPDATE_EMAIL_PRIMARY_OTP_SUCCESS' })
    expect(await ask(page, 'UPDATE_EMAIL_SECONDARY_OTP', { otp: await lastCode(newEmail) })).toMatchObject({ type: 'FRAME_UPDATE_EMAIL_SECONDARY_OTP_SUCCESS', payload: { newEmail } })
    expect(await ask(page, 'GET_USER')).toMatchObject({ payload: { address, email: newEmail } })

    expect(await ask(page, 'SIGN_OUT')).toMatchObject({ type: 'FRAME_SIGN_OUT_SUCCESS' })
    expect(await ask(page, 'IS_CONNECTED')).toMatchObject({ payload: { isConnected: false } })
    expect(await ask(page, 'GET_USER')).toMatchObject({ type: 'FRAME_GET_USER_ERROR', payload: { message: 'Not logged in' } })

    // The pages people read: the mailbox and a device link's answer pass axe.
    await page.goto(`${sandbox.frame.mail.url}/mailbox?to=${encodeURIComponent(email)}`)
    expect(await page.getByRole('article').count()).toBeGreaterThan(0)
    expect(await axeViolations(page)).toEqual([])
    await page.goto(`${sandbox.frame.url}/device/confirm?token=nothing`)
    expect(await page.getByRole('alert').textContent()).toBe('This link is invalid or has expired')
    expect(await axeViolations(page)).toEqual([])
    await page.close()
  })

  it('ignores requests from another origin and from another window of the same origin', async () => {
    const page = await browser.newPage()
    await openHost(page, HOST)
    const email = 'pinned@example.com'
    await ask(page, 'CONNECT_EMAIL', { email })
    await ask(page, 'CONNECT_OTP', { otp: await lastCode(email) })
    const { payload } = (await ask(page, 'GET_USER')) as { payload: { address: Hex } }

    // Two more windows in the host page: one of another origin, one of the host's own origin.
    await page.evaluate(
      ([other, same]) => {
        for (const src of [other, same]) {
          const f = document.createElement('iframe')
          f.src = src!
          document.body.append(f)
        }
      },
      [`${OTHER}/blank`, `${HOST}/blank`] as const,
    )
    await expect.poll(() => page.frames().filter((f) => f.url().endsWith('/blank')).length, WAIT).toBe(2)
    const forged = async (src: string, targetOrigin: string) => {
      const frame = page.frames().find((f) => f.url() === `${src}/blank`)!
      return frame.evaluate(
        ([target]) => {
          const ids = [crypto.randomUUID(), crypto.randomUUID()]
          const secure = window.parent.frames[0]!
          secure.postMessage({ type: 'APP_SIGN_OUT', id: ids[0], payload: {} }, target!)
          secure.postMessage({ type: 'APP_RPC_REQUEST', id: ids[1], payload: { method: 'personal_sign', params: ['0x6869', '0x0000000000000000000000000000000000000000'] } }, target!)
          return ids
        },
        [targetOrigin] as const,
      )
    }
    const ids: string[] = [...(await forged(OTHER, '*')), ...(await forged(HOST, new URL(sandbox.frame.url).origin))]
    // Messages are taken in order: once this answer is back, the forged ones were seen (and dropped).
    expect(await ask(page, 'IS_CONNECTED')).toMatchObject({ payload: { isConnected: true } })
    expect(await ask(page, 'GET_USER')).toMatchObject({ payload: { address: payload.address } })
    expect((await received(page)).filter((m) => m.id !== undefined && ids.includes(m.id))).toEqual([])
    await page.close()
  })

  it('logs in with each social provider through its popup: login page, PKCE code flow, callback to the exact dapp origin', { timeout: 180_000 }, async () => {
    const page = await browser.newPage()
    page.on('request', (r) => void (!r.url().startsWith('http://127.0.0.1') && leftTheMachine.push(r.url())))
    await openHost(page, HOST)
    const addresses = new Map<string, string>()
    for (const provider of Object.keys(SOCIAL_PROVIDER_NAMES) as OidcSocialProvider[]) {
      const redirect = (await ask(page, 'GET_SOCIAL_REDIRECT_URI', { provider })) as { type: string; payload: { uri: string } }
      expect(redirect.type).toBe('FRAME_GET_SOCIAL_REDIRECT_URI_SUCCESS')
      const authorize = new URL(redirect.payload.uri)
      expect(authorize.origin + authorize.pathname).toBe(`${sandbox.frame.mail.url}/oidc/${provider}/auth`)
      expect(authorize.searchParams.get('code_challenge_method')).toBe('S256')
      expect(authorize.searchParams.get('redirect_uri')).toBe(sandbox.frame.socialCallbackUrl)

      const opening = page.waitForEvent('popup')
      await page.evaluate((uri) => (window as unknown as { openPopup(u: string): void }).openPopup(uri), redirect.payload.uri)
      const started = performance.now()
      const popup = await opening
      await popup.getByRole('heading', { name: SOCIAL_PROVIDER_NAMES[provider], level: 1 }).waitFor()
      if (provider === 'google') expect(await axeViolations(popup)).toEqual([])
      expect(await popup.title()).toBe(`Sign in with ${SOCIAL_PROVIDER_NAMES[provider]}`)
      if (provider === 'google') {
        await popup.getByRole('button', { name: 'Sign in' }).click() // empty: the browser's own required check stops it
        await popup.getByLabel('Username').fill('no spaces allowed')
        await popup.getByRole('button', { name: 'Sign in' }).click()
        await expect.poll(() => popup.getByRole('alert').textContent(), WAIT).toMatch(/^Enter a username/)
      }
      const closed = popup.waitForEvent('close')
      await popup.getByLabel('Username').fill(`alice-${provider}`)
      await popup.getByRole('button', { name: 'Sign in' }).click()
      await closed
      const callbacks = await page.evaluate(() => (window as unknown as { callbacks: Array<{ type: string; uri: string }> }).callbacks.splice(0))
      expect(callbacks).toEqual([{ type: 'PORTICO_SOCIAL_CALLBACK', uri: expect.stringMatching(new RegExp(`^${sandbox.frame.socialCallbackUrl}\\?code=`)) }])
      const user = (await ask(page, 'CONNECT_SOCIAL', { uri: callbacks[0]!.uri })) as { type: string; payload: { address: string } }
      if (provider === 'x') console.log(`frame: social popup opened to user answered (login typed by the test) ${(performance.now() - started).toFixed(0)} ms`)
      expect(user).toMatchObject({ type: 'FRAME_CONNECT_SOCIAL_SUCCESS', payload: { userName: `alice-${provider}`, socialProvider: provider, preferredAccountType: 'smartAccount' } })
      expect(await ask(page, 'GET_USER')).toMatchObject({ payload: { address: user.payload.address, userName: `alice-${provider}` } })
      // The code is spent: the same redirect again is refused.
      expect(await ask(page, 'CONNECT_SOCIAL', { uri: callbacks[0]!.uri })).toMatchObject({ payload: { message: 'This sign-in has expired. Start again' } })
      addresses.set(provider, user.payload.address)
    }
    expect(new Set(addresses.values()).size).toBe(6)

    // The same account again is the same wallet; Cancel on the login page fails the sign-in.
    const again = (await ask(page, 'GET_SOCIAL_REDIRECT_URI', { provider: 'github' })) as { payload: { uri: string } }
    let opening = page.waitForEvent('popup')
    await page.evaluate((uri) => (window as unknown as { openPopup(u: string): void }).openPopup(uri), again.payload.uri)
    let popup = await opening
    await popup.getByLabel('Username').fill('Alice-GitHub')
    let closed = popup.waitForEvent('close')
    await popup.getByRole('button', { name: 'Sign in' }).click()
    await closed
    let [callback] = await page.evaluate(() => (window as unknown as { callbacks: Array<{ uri: string }> }).callbacks.splice(0))
    expect(await ask(page, 'CONNECT_SOCIAL', { uri: callback!.uri })).toMatchObject({ payload: { address: addresses.get('github') } })

    const cancelled = (await ask(page, 'GET_SOCIAL_REDIRECT_URI', { provider: 'discord' })) as { payload: { uri: string } }
    opening = page.waitForEvent('popup')
    await page.evaluate((uri) => (window as unknown as { openPopup(u: string): void }).openPopup(uri), cancelled.payload.uri)
    popup = await opening
    closed = popup.waitForEvent('close')
    await popup.getByRole('button', { name: 'Cancel' }).click()
    await closed
    ;[callback] = await page.evaluate(() => (window as unknown as { callbacks: Array<{ uri: string }> }).callbacks.splice(0))
    expect(new URL(callback!.uri).searchParams.get('error')).toBe('access_denied')
    expect(await ask(page, 'CONNECT_SOCIAL', { uri: callback!.uri })).toMatchObject({ type: 'FRAME_CONNECT_SOCIAL_ERROR', payload: { message: 'Sign-in with Discord failed' } })
    expect(await ask(page, 'GET_SOCIAL_REDIRECT_URI', { provider: 'farcaster' })).toMatchObject({ payload: { message: 'Unsupported social provider farcaster' } })
    await page.close()
  })

  it('logs in with Farcaster: the URI opens the sandbox Farcaster wallet, Approve signs, CONNECT_FARCASTER answers the user', async () => {
    const page = await browser.newPage()
    await openHost(page, HOST)
    const uri = (await ask(page, 'GET_FARCASTER_URI')) as { type: string; payload: { url: string } }
    expect(uri.type).toBe('FRAME_GET_FARCASTER_URI_SUCCESS')
    const connecting = ask(page, 'CONNECT_FARCASTER')
    const wallet = await browser.newPage()
    const walletErrors: string[] = []
    wallet.on('console', (m) => void (m.type() === 'error' && walletErrors.push(m.text())))
    await wallet.goto(uri.payload.url)
    const dialog = wallet.getByRole('dialog', { name: `Sign in to ${new URL(sandbox.frame.url).host}?` })
    await dialog.waitFor()
    expect(await axeViolations(wallet)).toEqual([])
    await dialog.getByLabel('Account').selectOption({ label: '@bob (fid 2)' })
    await dialog.getByRole('button', { name: 'Approve' }).click()
    await expect.poll(() => wallet.getByRole('status').textContent(), WAIT).toBe('Signed in as @bob. Go back to the app.')
    expect(await connecting).toMatchObject({ type: 'FRAME_CONNECT_FARCASTER_SUCCESS', payload: { userName: 'bob', socialProvider: 'farcaster' } })
    expect(await ask(page, 'IS_CONNECTED')).toMatchObject({ payload: { isConnected: true } })
    expect(walletErrors).toEqual([])
    await wallet.close()
    await page.close()
  })

  it('refuses a page whose origin is not on the project’s allow-list, and an unknown project id: Invalid App Configuration, nothing else', async () => {
    const page = await browser.newPage()
    await openHost(page, OTHER)
    expect(await received(page)).toEqual([{ type: 'FRAME_INIT_ERROR', payload: { message: 'Invalid App Configuration' } }])
    await page.evaluate(() => {
      const iframe = document.querySelector('iframe')!
      iframe.contentWindow!.postMessage({ type: 'APP_IS_CONNECTED', id: crypto.randomUUID(), payload: {} }, '*')
    })
    await openHost(page, HOST, 'no-such-project')
    expect(await received(page)).toEqual([{ type: 'FRAME_INIT_ERROR', payload: { message: 'Invalid App Configuration' } }])
    await page.close()
    expect(leftTheMachine).toEqual([])
  })
})
