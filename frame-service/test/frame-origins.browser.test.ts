import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser, Page } from 'playwright-core'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchTestChromium } from '../../sandbox/src/chromium-for-tests.ts'
import { startMailbox, type Mailbox } from '../../sandbox/src/sign-in/mailbox.ts'
import { startFrameService, type FrameRequestLogEntry, type FrameServiceHandle } from '../src/server.ts'
import { freePort } from '../../sandbox/src/ports.ts'

/**
 * The allow-list as Chromium enforces it, from real origins on loopback: a page of an allowed origin
 * uses the frame; a page of another origin can neither show the frame (frame-ancestors) nor call its
 * API (no CORS, Origin checked), and neither can the allowed dapp page itself, bypassing its frame.
 * Every port here is one the system hands out (never a test's fixed port).
 */
const WAIT = { timeout: 20_000 }
const PROJECT = 'origins-test'

let frame: FrameServiceHandle
let mail: Mailbox
const requests: FrameRequestLogEntry[] = []
let browser: Browser
const servers: Server[] = []
let allowed = ''
let other = ''

/** A dapp page: loads the frame (without a Referer when `noReferrer`), keeps what the frame posts. */
function hostPage(frameUrl: string, noReferrer: boolean): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">${noReferrer ? '<meta name="referrer" content="no-referrer">' : ''}<title>Host</title></head><body>
<script>
const frameOrigin = new URL(${JSON.stringify(frameUrl)}).origin
const iframe = document.createElement('iframe')
iframe.title = 'frame'
iframe.src = ${JSON.stringify(frameUrl)}
window.received = []
window.addEventListener('message', (e) => {
  if (e.origin !== frameOrigin || e.source !== iframe.contentWindow) return
  window.received.push(e.data)
})
document.body.append(iframe)
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

async function serveHost(): Promise<string> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    if (url.pathname === '/host') return void res.writeHead(200, { 'content-type': 'text/html' }).end(hostPage(url.searchParams.get('frame') ?? '', url.searchParams.has('noReferrer')))
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  servers.push(server)
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

type Posted = { type: string; id?: string; payload?: unknown }
const received = (page: Page) => page.evaluate(() => (window as unknown as { received: Posted[] }).received)
const ask = (page: Page, type: string, payload: object = {}) => page.evaluate(([t, p]) => (window as unknown as { ask(t: string, p: object): Promise<Posted> }).ask(t, p), [type, payload] as const)
const frameUrl = () => frame.frameUrl({ projectId: PROJECT, chainId: 31337 })

/** What a script of `page` gets calling the API directly: the status, or the browser's refusal. */
async function callApiFrom(page: Page, email: string, simple: boolean): Promise<string> {
  return page.evaluate(
    async ([url, origin, mail, plain]) => {
      try {
        const res = plain
          ? // A "simple" request: no preflight, the answer unreadable (no-cors), but the server sees its Origin.
            await fetch(url, { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ email: mail, deviceId: 'device-aaaaaaaaaaaaaaaa' }) })
          : await fetch(url, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-portico-project': 'origins-test', 'x-portico-embedder': origin },
              body: JSON.stringify({ email: mail, deviceId: 'device-aaaaaaaaaaaaaaaa' }),
            })
        return res.type === 'opaque' ? 'opaque' : String(res.status)
      } catch (err) {
        return `refused: ${(err as Error).name}`
      }
    },
    [`${frame.url}/api/email/connect`, new URL(page.url()).origin, email, simple] as const,
  )
}

describe('the frame service’s allow-list in Chromium, from real origins', () => {
  beforeAll(async () => {
    allowed = await serveHost()
    other = await serveHost()
    mail = await startMailbox()
    frame = await startFrameService({
      port: await freePort(),
      mail: { smtpUrl: mail.smtpUrl },
      onRequest: (entry) => void requests.push(entry),
      // No chain is reached here: an outside node that is not there.
      chains: [{ id: 31337, name: 'Portico Local', rpcUrl: 'http://127.0.0.1:9/', viemChain: foundry, external: true }],
      projects: { [PROJECT]: [allowed] },
    })
    browser = await launchTestChromium()
  }, 120_000)
  afterAll(async () => {
    await browser?.close()
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))))
    await frame?.shutdown()
    await mail?.stop()
  })

  it('an allowed page uses the frame, which calls its API with the headers the service checks', async () => {
    const page = await browser.newPage()
    await page.goto(`${allowed}/host?noReferrer&frame=${encodeURIComponent(frameUrl())}`)
    await expect.poll(async () => (await received(page)).map((m) => m.type), WAIT).toEqual(['FRAME_READY'])
    expect(await ask(page, 'CONNECT_EMAIL', { email: 'allowed@example.com' })).toMatchObject({ type: 'FRAME_CONNECT_EMAIL_SUCCESS', payload: { action: 'VERIFY_OTP' } })
    expect(mail.messages('allowed@example.com')).toHaveLength(1)
    await page.close()
  })

  it('a page of another origin cannot show the frame: without a Referer Chromium blocks it (frame-ancestors), with one the service refuses it', async () => {
    const page = await browser.newPage()
    const console: string[] = []
    page.on('console', (m) => void console.push(m.text()))
    await page.goto(`${other}/host?noReferrer&frame=${encodeURIComponent(frameUrl())}`)
    await expect.poll(() => console.find((line) => line.includes('frame-ancestors')), WAIT).toContain(`frame-ancestors ${allowed}`)
    await expect.poll(() => page.frames().some((f) => f.url().startsWith('chrome-error://')), WAIT).toBe(true)
    expect(await received(page)).toEqual([])

    await page.goto(`${other}/host?frame=${encodeURIComponent(frameUrl())}`)
    await expect.poll(() => received(page), WAIT).toEqual([{ type: 'FRAME_INIT_ERROR', payload: { message: 'Invalid App Configuration' } }])
    await page.close()
  })

  it('no page calls the API itself: not another origin, not even the allowed dapp page bypassing its frame', async () => {
    for (const origin of [other, allowed]) {
      const page = await browser.newPage()
      await page.goto(`${origin}/host?noReferrer&frame=${encodeURIComponent('about:blank')}`)
      const email = `direct-${new URL(origin).port}@example.com`
      // The preflight is refused (403, no CORS headers): the browser never sends the call.
      expect(await callApiFrom(page, email, false)).toBe('refused: TypeError')
      // A call with no preflight reaches the service, which refuses its Origin (and the page cannot read the answer).
      expect(await callApiFrom(page, email, true)).toBe('opaque')
      await page.close()
      expect(mail.messages(email)).toEqual([])
    }
    const calls = requests.filter((r) => r.path === '/api/email/connect')
    expect(calls.map((r) => [r.method, r.status])).toEqual([
      ['POST', 200],
      ['OPTIONS', 403],
      ['POST', 403],
      ['OPTIONS', 403],
      ['POST', 403],
    ])
  })
})
