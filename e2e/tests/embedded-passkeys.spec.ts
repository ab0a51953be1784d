import { createHash, createPrivateKey, createPublicKey, sign } from 'node:crypto'
import { getBase58Encoder } from '@solana/codecs-strings'
import type { BrowserContext, CDPSession, Frame, Page } from '@playwright/test'
import jsQR from 'jsqr'
import * as OTPAuth from 'otpauth'
import { PNG } from 'pngjs'
import { restPointerOn } from '../../frame-service/test/approval-pointer.ts'
import { frameViolations } from '../axe.ts'
import { createPublicClient, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { APPROVAL_FRAME, approvalFrame, freshEmail, loginWithEmail, mailbox, shownAddress, switchToEoa } from '../embedded.ts'
import { expect, sendFromAccount, test } from '../fixtures.ts'
import { E2E_URLS } from '../ports.ts'

/**
 * Passkeys of the embedded wallet in Chromium with its virtual authenticator (DevTools' WebAuthn
 * domain: resident keys, user verification, CTAP2, an internal transport). The demo loads the frame
 * as `http://localhost:PORT` (`?frameHost=localhost`), the same sandbox frame service: a browser
 * refuses an IP address as a relying party. That frame is cross-site to the demo on 127.0.0.1, so
 * Chromium runs it in a target of its own, and the authenticator goes on the frame's target.
 */
const DEMO = '/?frameHost=localhost'

type Authenticator = { cdp: CDPSession; authenticatorId: string }

/** The embedded wallet's frame in `page`, once loaded (on localhost). */
async function walletFrame(page: Page): Promise<Frame> {
  let found: Frame | undefined
  await expect
    .poll(() => {
      found = page.frames().find((f) => f.url().startsWith('http://localhost:') && f.url().includes('/frame?'))
      return found ? 'found' : page.frames().map((f) => f.url())
    })
    .toBe('found')
  return found!
}

/** A virtual authenticator where the frame's ceremonies run: the frame's own target, or the page's when Chromium keeps the frame in it. */
async function addAuthenticator(context: BrowserContext, page: Page): Promise<Authenticator> {
  const frame = await walletFrame(page)
  const cdp = await context.newCDPSession(frame).catch(() => context.newCDPSession(page))
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  })
  return { cdp, authenticatorId }
}

/**
 * What a page of `origin` on the same host gets from the device for this passkey and `challenge`: the
 * authenticator's data as the device gave it, client data naming that origin, signed with the passkey's key
 * (the virtual authenticator's, PKCS#8): a valid assertion, only for the wrong origin.
 */
function signedElsewhere(privateKey: string, authenticatorData: string, challenge: string, origin: string) {
  const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge, origin, crossOrigin: false }))
  const signed = Buffer.concat([Buffer.from(authenticatorData, 'base64url'), createHash('sha256').update(clientDataJSON).digest()])
  const key = createPrivateKey({ key: Buffer.from(privateKey, 'base64'), format: 'der', type: 'pkcs8' })
  return { clientDataJSON: clientDataJSON.toString('base64url'), signature: sign('sha256', signed, key).toString('base64url') }
}

/** The frame's own panel, laid over the modal: its button armed by the pointer resting on it, then clicked. */
async function pressInPanel(page: Page, name: string) {
  await expect(page.locator(APPROVAL_FRAME)).toBeVisible()
  const frame = page.frameLocator(APPROVAL_FRAME)
  const button = frame.getByRole('button', { name })
  await restPointerOn(page, button)
  await button.click()
}

test('a passkey added after an email login signs the visitor in again with no email, on a fresh page, with the same address; a tampered assertion, one for another origin and a replayed one sign nobody in', async ({
  context,
  sandbox,
  browser,
}) => {
  const page = await context.newPage()
  await page.goto(DEMO)
  const email = freshEmail('passkey')
  const account = await loginWithEmail(page, sandbox, email)
  const address = await shownAddress(page)
  const authenticator = await addAuthenticator(context, page)

  // A script of the dapp's page asks the frame to add a passkey and clicks everything it can: the frame only shows its panel.
  await account.getByRole('button', { name: 'Passkeys' }).click()
  const view = page.getByRole('dialog', { name: 'Passkeys' })
  await expect(view.getByTestId('passkeys-empty')).toBeVisible()
  await view.getByRole('button', { name: 'Add a passkey' }).click()
  await expect(page.locator(APPROVAL_FRAME)).toBeVisible()
  // The frame's own panel, not a request: the modal under it keeps the Passkeys title.
  await expect(page.getByRole('dialog', { name: 'Passkeys' })).toBeVisible()
  await expect(page.getByRole('dialog', { name: 'Approve Transaction' })).toHaveCount(0)
  await page.evaluate(() => {
    const frame = document.querySelector('iframe.portico-embedded-frame') as HTMLIFrameElement
    frame.click()
    frame.dispatchEvent(new MouseEvent('click', { bubbles: true }))
  })
  expect((await authenticator.cdp.send('WebAuthn.getCredentials', { authenticatorId: authenticator.authenticatorId })).credentials).toHaveLength(0)

  // The visitor's own click in the frame's panel makes it, for the frame's origin.
  await pressInPanel(page, 'Create passkey')
  await expect(page.getByRole('dialog', { name: 'Passkeys' }).getByTestId('passkeys-status')).toHaveText('Passkey added')
  const rows = page.getByRole('dialog', { name: 'Passkeys' }).getByTestId('passkey-row')
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText('Chrome on Linux')
  await expect(rows.first()).toContainText('Not used yet')
  const { credentials } = await authenticator.cdp.send('WebAuthn.getCredentials', { authenticatorId: authenticator.authenticatorId })
  expect(credentials).toHaveLength(1)
  expect(credentials[0]).toMatchObject({ rpId: 'localhost', isResidentCredential: true })

  // Signed out on the service: the session is gone.
  await page.getByRole('button', { name: 'Back' }).click()
  await page
    .getByRole('dialog', { name: 'Account' })
    .getByRole('button', { name: /Sign out/ })
    .click()
  await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()

  // A fresh page of a fresh browser context (no storage of the frame's), with the same device's passkey.
  const fresh = await browser.newContext()
  try {
    const next = await fresh.newPage()
    await next.goto(DEMO)
    await next.getByRole('button', { name: 'Connect Wallet' }).click()
    const connect = next.getByRole('dialog', { name: 'Connect Wallet' })
    // The frame loads and shows its panel; the device (its authenticator, with the passkey) is there before the visitor presses.
    await connect.getByRole('button', { name: 'Continue with a passkey' }).click()
    await expect(next.locator(APPROVAL_FRAME)).toBeVisible()
    const device = await addAuthenticator(fresh, next)
    await device.cdp.send('WebAuthn.addCredential', { authenticatorId: device.authenticatorId, credential: credentials[0]! })

    // Between the frame and its service, three answers that must not sign anyone in, in the frame's own request
    // (its origin, session binding and project): the device's assertion with its signature changed; an assertion
    // of the same passkey properly signed for another origin of the same host (what a sibling page with the same
    // relying party id gets from the device); then, once the real one signed in, that request sent again.
    const tries: string[] = []
    let signedIn: { url: string; headers: Record<string, string>; body: string } | undefined
    await fresh.route('**/api/passkeys/login', async (route) => {
      const request = route.request()
      const body = JSON.parse(request.postData() ?? '{}') as { response: { response: { clientDataJSON: string; authenticatorData: string; signature: string } } }
      const assertion = body.response.response
      if (tries.length === 0) {
        tries.push('tampered')
        const signature = Buffer.from(assertion.signature, 'base64url')
        signature[signature.length - 1]! ^= 0x01
        assertion.signature = signature.toString('base64url')
        return route.continue({ postData: JSON.stringify(body) })
      }
      if (tries.length === 1) {
        tries.push('another origin')
        const { challenge } = JSON.parse(Buffer.from(assertion.clientDataJSON, 'base64url').toString('utf8')) as { challenge: string }
        Object.assign(assertion, signedElsewhere(credentials[0]!.privateKey, assertion.authenticatorData, challenge, new URL(E2E_URLS.dataApi.replace('127.0.0.1', 'localhost')).origin))
        return route.continue({ postData: JSON.stringify(body) })
      }
      tries.push('real')
      signedIn = { url: request.url(), headers: await request.allHeaders(), body: request.postData() ?? '' }
      return route.continue()
    })
    for (const refused of ['tampered', 'another origin']) {
      await pressInPanel(next, 'Continue with a passkey')
      await expect(next.frameLocator(APPROVAL_FRAME).getByTestId('panel-status')).toHaveText('The passkey could not be checked. Try again')
      expect(tries.at(-1)).toBe(refused)
      await expect(next.getByRole('dialog', { name: 'Account' })).toHaveCount(0)
    }
    await pressInPanel(next, 'Continue with a passkey')
    await expect(next.getByRole('dialog', { name: 'Account' })).toBeVisible()
    expect(await shownAddress(next)).toBe(address)
    expect(tries).toEqual(['tampered', 'another origin', 'real'])
    // The very request that signed in, sent again with the frame's headers and the browser's cookies: its challenge was used.
    const kept = Object.fromEntries(Object.entries(signedIn!.headers).filter(([name]) => name === 'origin' || name === 'content-type' || name.startsWith('x-portico-')))
    const replayed = await fresh.request.post(signedIn!.url, { headers: kept, data: signedIn!.body })
    expect({ status: replayed.status(), body: await replayed.json() }).toEqual({ status: 400, body: { error: 'This sign-in has expired. Start again' } })
    await expect(next.getByRole('dialog', { name: 'Account' }).getByTestId('account-embedded-user')).toContainText(email)
    // The counter moved on, and the passkey says it was used.
    await next.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Passkeys' }).click()
    await expect(next.getByRole('dialog', { name: 'Passkeys' }).getByTestId('passkey-row').first()).not.toContainText('Not used yet')
  } finally {
    await fresh.close()
  }
})

test('a passkey made for another origin does not sign in: the frame service knows only its own', async ({ context, sandbox }) => {
  expect(sandbox.frame.url).toMatch(/^http:\/\/127\.0\.0\.1:/)
  // A passkey another site on the same host made (the sandbox's data API under localhost): same relying party id, another origin.
  const other = await context.newPage()
  await other.goto(`${E2E_URLS.dataApi.replace('127.0.0.1', 'localhost')}/health`)
  const elsewhere = await context.newCDPSession(other)
  await elsewhere.send('WebAuthn.enable')
  const { authenticatorId: otherId } = await elsewhere.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  })
  const made = await other.evaluate(async () => {
    const credential = (await navigator.credentials.create({
      publicKey: {
        challenge: crypto.getRandomValues(new Uint8Array(32)),
        rp: { name: 'Another site', id: 'localhost' },
        user: { id: crypto.getRandomValues(new Uint8Array(16)), name: 'someone', displayName: 'someone' },
        pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      },
    })) as PublicKeyCredential | null
    return credential?.id ?? null
  })
  expect(made).not.toBeNull()
  const { credentials } = await elsewhere.send('WebAuthn.getCredentials', { authenticatorId: otherId })
  expect(credentials).toHaveLength(1)

  // The same device then signs in to the wallet: the authenticator offers that passkey, the service refuses it.
  const page = await context.newPage()
  await page.goto(DEMO)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const connect = page.getByRole('dialog', { name: 'Connect Wallet' })
  await connect.getByRole('button', { name: 'Continue with a passkey' }).click()
  await expect(page.locator(APPROVAL_FRAME)).toBeVisible()
  const device = await addAuthenticator(context, page)
  await device.cdp.send('WebAuthn.addCredential', { authenticatorId: device.authenticatorId, credential: credentials[0]! })
  await pressInPanel(page, 'Continue with a passkey')
  await expect(page.frameLocator(APPROVAL_FRAME).getByTestId('panel-status')).toHaveText('This passkey is not known here')
  await expect(page.getByRole('dialog', { name: 'Account' })).toHaveCount(0)
})

test('the private keys are shown only in the frame (EVM as hex, Solana as base58): a script of the page exports nothing, and no key reaches anything of the page', async ({ context, sandbox }) => {
  const page = await context.newPage()
  // Everything the dapp's page hears: its messages (every listener sees what this one sees) and its own requests.
  await page.addInitScript(() => {
    const heard: string[] = []
    ;(window as unknown as { __heard: string[] }).__heard = heard
    window.addEventListener('message', (event) => heard.push(JSON.stringify(event.data)), true)
  })
  const traffic: string[] = []
  page.on('requestfinished', async (request) => {
    if (request.frame() !== page.mainFrame()) return
    const body = await (await request.response())?.text().catch(() => '')
    traffic.push(`${request.url()} ${request.postData() ?? ''} ${body ?? ''}`)
  })
  await page.goto(DEMO)
  const email = freshEmail('export')
  await loginWithEmail(page, sandbox, email)
  const eoa = await switchToEoa(page)
  await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Passkeys' }).click()
  await page.getByRole('dialog', { name: 'Passkeys' }).getByRole('button', { name: 'Export EVM private key' }).click()
  await expect(page.locator(APPROVAL_FRAME)).toBeVisible()
  const frame = page.frameLocator(APPROVAL_FRAME)
  await expect(frame.getByTestId('export-show')).toBeVisible()

  // A script of the page clicks every button it can reach and posts every message it can think of: nothing is exported.
  await page.evaluate(() => {
    const iframe = document.querySelector('iframe.portico-embedded-frame') as HTMLIFrameElement
    const target = new URL(iframe.src).origin
    for (const type of ['APP_EXPORT_KEY', 'APP_ADD_PASSKEY', 'APP_REMOVE_PASSKEY', 'APP_GET_PASSKEYS', 'APP_EXPORT_KEY_APPROVE', 'APP_APPROVE'])
      iframe.contentWindow?.postMessage({ type, id: crypto.randomUUID(), payload: { chain: 'evm', id: crypto.randomUUID() } }, target)
    iframe.click()
    iframe.dispatchEvent(new MouseEvent('click', { bubbles: true }))
    // Every button of the modal but Back and Close (which give the panel up: a page may cancel, never approve).
    for (const button of document.querySelectorAll('[role="dialog"] button'))
      if (!/^(back|close)$/i.test(button.getAttribute('aria-label') ?? button.textContent ?? '')) button.dispatchEvent(new MouseEvent('click', { bubbles: true }))
  })
  // Its messages ask for more panels (refused while one is open), its clicks reach nothing in the frame: no key anywhere.
  await page.waitForTimeout(1_500)
  expect(await walletFrame(page).then((f) => f.locator('[data-testid="export-key"]').count())).toBe(0)
  expect((await mailbox(sandbox, email)).filter((m) => m.subject === 'Your Portico wallet key was exported')).toHaveLength(0)

  // The visitor's own panel is still there, unarmed until the warning is ticked.
  await expect(frame.getByTestId('export-show')).toBeDisabled()

  // The visitor reads the warning, ticks it, and presses Show private key in the frame: signed in minutes ago, no step-up needed.
  await frame.getByTestId('panel-confirm').check()
  await pressInPanel(page, 'Show private key')
  const shown = frame.getByTestId('export-key')
  await expect(shown).toHaveText(/^0x[0-9a-f]{64}$/)
  const key = (await shown.textContent())!
  expect(privateKeyToAccount(key as `0x${string}`).address).toBe(eoa)
  await frame.getByTestId('export-toggle').click()
  await expect(shown).toBeHidden()
  await pressInPanel(page, 'Done')
  await expect(page.getByRole('dialog', { name: 'Passkeys' }).getByTestId('passkeys-status')).toHaveText('The key was shown in the wallet’s secure window.')
  await expect.poll(async () => (await mailbox(sandbox, email)).filter((m) => m.subject === 'Your Portico wallet key was exported').length).toBe(1)

  // The Solana key, as Solana wallets import it: base58 of the 64-byte secret key, the ed25519 seed then its public key.
  await page.getByRole('dialog', { name: 'Passkeys' }).getByRole('button', { name: 'Export Solana private key' }).click()
  await expect(frame.getByTestId('export-show')).toBeVisible()
  await frame.getByTestId('panel-confirm').check()
  await pressInPanel(page, 'Show private key')
  await expect(shown).toHaveText(/^[1-9A-HJ-NP-Za-km-z]{80,90}$/)
  const solanaKey = (await shown.textContent())!
  const secret = Buffer.from(getBase58Encoder().encode(solanaKey))
  expect(secret).toHaveLength(64)
  const seed = createPrivateKey({ key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), secret.subarray(0, 32)]), format: 'der', type: 'pkcs8' })
  expect(createPublicKey(seed).export({ format: 'der', type: 'spki' }).subarray(-32).equals(secret.subarray(32))).toBe(true)
  await pressInPanel(page, 'Done')
  await expect.poll(async () => (await mailbox(sandbox, email)).filter((m) => m.subject === 'Your Portico wallet key was exported').length).toBe(2)

  // Nowhere in the page: its document, its storage, what its listeners heard, its own requests and answers.
  const bare = key.slice(2)
  const seen = await page.evaluate(() => ({
    dom: document.documentElement.outerHTML,
    storage: JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
    heard: (window as unknown as { __heard: string[] }).__heard.join('\n'),
  }))
  expect(seen.heard).toContain('FRAME_EXPORT_KEY_SUCCESS')
  for (const text of [seen.dom, seen.storage, seen.heard, traffic.join('\n')]) {
    expect(text).not.toContain(bare)
    expect(text.toLowerCase()).not.toContain(bare.toLowerCase())
    expect(text).not.toContain(solanaKey)
    expect(text).not.toContain(secret.toString('hex'))
  }
})

test('an authenticator app: set up in the frame from its QR code, ten recovery codes shown once there; an export after the login went stale asks for a code, refuses a wrong one and shows the key for the right one; a large send six minutes on asks for a code in the approval and sends once it has the right one', async ({
  context,
  sandbox,
}) => {
  const page = await context.newPage()
  await page.addInitScript(() => {
    const heard: string[] = []
    ;(window as unknown as { __heard: string[] }).__heard = heard
    window.addEventListener('message', (event) => heard.push(JSON.stringify(event.data)), true)
  })
  await page.goto(DEMO)
  const email = freshEmail('totp')
  await loginWithEmail(page, sandbox, email)
  const eoa = await switchToEoa(page)
  await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Passkeys' }).click()
  const view = page.getByRole('dialog', { name: 'Passkeys' })
  await view.getByRole('button', { name: 'Set up an authenticator app' }).click()

  // The frame's panel: a QR code a camera reads back as the app's otpauth:// link, and the same key as text.
  await expect(page.locator(APPROVAL_FRAME)).toBeVisible()
  const frame = page.frameLocator(APPROVAL_FRAME)
  const qr = frame.getByRole('img', { name: 'Set up an authenticator app' })
  await expect(qr).toBeVisible()
  const png = PNG.sync.read(await qr.screenshot())
  const link = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? ''
  const secret = (await frame.getByTestId('totp-secret').textContent())!.replace(/\s+/g, '')
  expect(secret).toMatch(/^[A-Z2-7]{32}$/)
  const app = OTPAuth.URI.parse(link) as OTPAuth.TOTP
  expect(app.secret.base32).toBe(secret)
  expect(app.issuer).toBe('Portico Wallet')
  // The service's clock (the sandbox's, moved on below): the code the visitor's app shows now.
  const codeNow = () => app.generate({ timestamp: sandbox.frame.clock.now() })

  // A wrong code is refused in the panel, which stays; the app's code turns it on.
  const code = frame.getByTestId('totp-code')
  await code.fill(codeNow() === '000000' ? '111111' : '000000')
  await pressInPanel(page, 'Turn on')
  await expect(frame.getByTestId('panel-status')).toHaveText('Invalid code')
  await code.fill(codeNow())
  await pressInPanel(page, 'Turn on')
  const recovery = frame.getByTestId('recovery-codes').getByRole('listitem')
  await expect(recovery).toHaveCount(10)
  const codes = await recovery.allTextContents()
  for (const c of codes) expect(c).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/)
  await pressInPanel(page, 'Done')
  await expect(view.getByTestId('passkeys-status')).toHaveText('Authenticator app turned on')
  await expect(view.getByTestId('totp-status')).toHaveText('Authenticator app: on')

  // Ten minutes on, the login is no fresh factor: Export asks for a code in the frame.
  sandbox.frame.clock.advance(10 * 60_000)
  await view.getByRole('button', { name: 'Export EVM private key' }).click()
  await expect(frame.getByTestId('export-show')).toBeVisible()
  await frame.getByTestId('panel-confirm').check()
  await frame.getByTestId('step-up-code').fill('ABCDE-FGHIJ')
  await pressInPanel(page, 'Show private key')
  await expect(frame.getByTestId('panel-status')).toHaveText('Invalid code')
  await expect(frame.getByTestId('export-key')).toHaveCount(0)
  // The next step's code (the one before was spent turning the app on, a step the clock has left anyway).
  await frame.getByTestId('step-up-code').fill(codeNow())
  await pressInPanel(page, 'Show private key')
  const shown = frame.getByTestId('export-key')
  await expect(shown).toHaveText(/^0x[0-9a-f]{64}$/)
  const key = (await shown.textContent())!
  expect(privateKeyToAccount(key as `0x${string}`).address).toBe(eoa)
  await pressInPanel(page, 'Done')
  await expect(view.getByTestId('passkeys-status')).toHaveText('The key was shown in the wallet’s secure window.')

  // Six minutes after that code, a send of 0.5 ETH (1,500 USD; the sandbox asks from 1,000) needs a
  // fresh factor: the frame's approval asks for a code of the app after Approve, in place, and sends
  // once it has the right one. A smaller send never asks.
  sandbox.frame.clock.advance(6 * 60_000)
  await page.getByRole('button', { name: 'Back' }).click()
  const account = page.getByRole('dialog', { name: 'Account' })
  const chain = createPublicClient({ transport: http(E2E_URLS.chainA) })
  const receiver = privateKeyToAccount(generatePrivateKey()).address
  await sendFromAccount(page, account, '0.5', receiver)
  let approval = await approvalFrame(page)
  await expect(approval.getByTestId('approval-summary')).toHaveText(`Send 0.5 ETH to ${receiver}`)
  await approval.getByRole('button', { name: 'Approve' }).click()
  await expect(approval.getByTestId('approval-needs')).toHaveText('Confirm it is you first: sign in again or use your passkey')
  const approvalCode = approval.getByTestId('approval-step-up-code')
  await expect(approvalCode).toBeFocused()
  // The approval asking for more: its notice and labelled field pass axe in the frame's own document.
  expect(await frameViolations(await walletFrame(page)), 'axe in the approval that asks for a code').toEqual([])
  // A wrong code: said in place; nothing is sent.
  await approvalCode.fill(codeNow() === '000000' ? '111111' : '000000')
  approval = await approvalFrame(page)
  await approval.getByRole('button', { name: 'Approve' }).click()
  await expect(approval.getByTestId('approval-needs')).toHaveText('Invalid code')
  expect(await chain.getBalance({ address: receiver })).toBe(0n)
  await approval.getByTestId('approval-step-up-code').fill(codeNow())
  approval = await approvalFrame(page)
  await approval.getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByText('Transaction started')).toBeVisible()
  await expect.poll(() => chain.getBalance({ address: receiver })).toBe(parseEther('0.5'))
  await expect(page.locator(APPROVAL_FRAME)).toHaveCount(0)

  // The secret, the recovery codes and the key stay in the frame: nothing of them in the page.
  const seen = await page.evaluate(() => ({
    dom: document.documentElement.outerHTML,
    storage: JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
    heard: (window as unknown as { __heard: string[] }).__heard.join('\n'),
  }))
  expect(seen.heard).toContain('FRAME_SETUP_TOTP_SUCCESS')
  for (const text of [seen.dom, seen.storage, seen.heard]) for (const secretText of [secret, ...codes, key.slice(2)]) expect(text).not.toContain(secretText)
})

/**
 * An engine without IntersectionObserver v2 (Firefox, WebKit), played in Chromium by taking
 * `isVisible` away in the frame origin's documents: the frame cannot show that its panel is fully
 * visible, so each settings step continues in the Portico Wallet's own top-level window (GET /panel),
 * opened by the visitor's click in the frame. The passkey is made there (the relying party's own
 * top-level window), the key shown there, and the page hears only what the frame answers.
 */
test('without IntersectionObserver v2 a passkey is added and the key exported in the wallet’s own window: the page’s script opens nothing and drives nothing there', async ({ context, sandbox }) => {
  const page = await context.newPage()
  await context.addInitScript(() => {
    if (location.hostname === 'localhost') delete (IntersectionObserverEntry.prototype as { isVisible?: boolean }).isVisible
  })
  await page.goto(DEMO)
  const email = freshEmail('panel-window')
  const account = await loginWithEmail(page, sandbox, email)
  const eoa = await switchToEoa(page)
  await account.getByRole('button', { name: 'Passkeys' }).click()
  const view = page.getByRole('dialog', { name: 'Passkeys' })
  await view.getByRole('button', { name: 'Add a passkey' }).click()

  // The frame's panel has no Create passkey of its own: only the button to its window.
  await expect(page.locator(APPROVAL_FRAME)).toBeVisible()
  const frame = page.frameLocator(APPROVAL_FRAME)
  await expect(frame.getByTestId('passkey-add')).toHaveCount(0)
  const open = frame.getByTestId('panel-open-window')
  await expect(open).toHaveText('Continue in a wallet window')
  // A script of the page opens the window's address itself and posts it a task: the window takes its task from the frame that opened it only.
  const frameOrigin = new URL((await walletFrame(page)).url()).origin
  const forgedOpening = context.waitForEvent('page')
  await page.evaluate((url) => void ((window as unknown as { forged: Window | null }).forged = window.open(`${url}/panel#${'a'.repeat(43)}`, '_blank', 'popup')), frameOrigin)
  const forged = await forgedOpening
  await expect(forged.getByTestId('panel-window-state')).toHaveText('Loading…')
  await page.evaluate(() =>
    (window as unknown as { forged: Window }).forged.postMessage(
      { type: 'PORTICO_PANEL_WINDOW_TASK', nonce: 'a'.repeat(43), requester: location.origin, task: { flow: 'EXPORT_KEY', chain: 'evm' } },
      '*',
    ),
  )
  await page.waitForTimeout(500)
  await expect(forged.getByTestId('panel-window-state')).toHaveText('Loading…')
  await expect(forged.getByTestId('export-show')).toHaveCount(0)
  await forged.close()

  await restPointerOn(page, open)
  const opening = context.waitForEvent('page', (p) => p.url().includes('/panel#'))
  await open.click()
  const popup = await opening
  expect(new URL(popup.url()).pathname).toBe('/panel')
  // The ceremony runs in the window, a top-level document of the relying party: its authenticator goes there.
  const cdp = await context.newCDPSession(popup)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  })
  void authenticatorId
  await expect(popup.getByRole('heading', { name: 'Add a passkey' })).toBeVisible()
  await expect(popup.locator('.requester')).toHaveText(`Asked from ${new URL(page.url()).origin}`)
  const create = popup.getByTestId('passkey-add')
  await restPointerOn(popup, create)
  const closed = popup.waitForEvent('close')
  // The window closes once its panel is done: the new credential is taken as the authenticator makes it.
  type Credential = { credentialId: string; isResidentCredential: boolean; rpId?: string; privateKey: string; signCount: number }
  const made = new Promise<Credential>((resolve) => cdp.once('WebAuthn.credentialAdded', (event: { credential: Credential }) => resolve(event.credential)))
  await create.click()
  const credential = await made
  await closed
  expect(credential).toMatchObject({ rpId: 'localhost', isResidentCredential: true })
  await expect(view.getByTestId('passkeys-status')).toHaveText('Passkey added')
  await expect(view.getByTestId('passkey-row')).toHaveCount(1)
  await expect(page.locator(APPROVAL_FRAME)).toBeHidden()

  // The key: warned, ticked and shown in the window only.
  await view.getByRole('button', { name: 'Export EVM private key' }).click()
  await expect(frame.getByTestId('panel-open-window')).toBeVisible()
  await restPointerOn(page, frame.getByTestId('panel-open-window'))
  const exporting = context.waitForEvent('page', (p) => p.url().includes('/panel#'))
  await frame.getByTestId('panel-open-window').click()
  const window2 = await exporting
  await expect(window2.getByTestId('export-show')).toBeDisabled()
  await window2.getByTestId('panel-confirm').check()
  await restPointerOn(window2, window2.getByTestId('export-show'))
  await window2.getByTestId('export-show').click()
  const shown = window2.getByTestId('export-key')
  await expect(shown).toHaveText(/^0x[0-9a-f]{64}$/)
  const key = (await shown.textContent())!
  expect(privateKeyToAccount(key as `0x${string}`).address).toBe(eoa)
  const gone = window2.waitForEvent('close')
  await restPointerOn(window2, window2.getByTestId('export-done'))
  await window2.getByTestId('export-done').click()
  await gone
  await expect(view.getByTestId('passkeys-status')).toHaveText('The key was shown in the wallet’s secure window.')
  await expect.poll(async () => (await mailbox(sandbox, email)).filter((m) => m.subject === 'Your Portico wallet key was exported').length).toBe(1)
  const dom = await page.evaluate(() => document.documentElement.outerHTML + JSON.stringify({ ...localStorage }))
  expect(dom.toLowerCase()).not.toContain(key.slice(2).toLowerCase())

  // Closing the window is a cancel: the frame's panel goes, and the page hears 4001, nothing exported again.
  await view.getByRole('button', { name: 'Export EVM private key' }).click()
  await restPointerOn(page, frame.getByTestId('panel-open-window'))
  const third = context.waitForEvent('page', (p) => p.url().includes('/panel#'))
  await frame.getByTestId('panel-open-window').click()
  await (await third).close()
  await expect(page.locator(APPROVAL_FRAME)).toBeHidden()
  await expect(view.getByRole('button', { name: 'Export EVM private key' })).toBeEnabled()
  expect((await mailbox(sandbox, email)).filter((m) => m.subject === 'Your Portico wallet key was exported')).toHaveLength(1)

  // Signed out, back with the passkey alone: the sign-in's ceremony runs in the window too, and its session stays with the frame.
  await page.getByRole('button', { name: 'Back' }).click()
  await page
    .getByRole('dialog', { name: 'Account' })
    .getByRole('button', { name: /Sign out/ })
    .click()
  await expect(page.getByRole('dialog', { name: 'Account' })).toHaveCount(0)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'Continue with a passkey' }).click()
  await restPointerOn(page, frame.getByTestId('panel-open-window'))
  const signingIn = context.waitForEvent('page', (p) => p.url().includes('/panel#'))
  await frame.getByTestId('panel-open-window').click()
  const window3 = await signingIn
  const device = await context.newCDPSession(window3)
  await device.send('WebAuthn.enable')
  const { authenticatorId: deviceId } = await device.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  })
  await device.send('WebAuthn.addCredential', { authenticatorId: deviceId, credential })
  const signIn = window3.getByTestId('passkey-sign-in')
  await restPointerOn(window3, signIn)
  await signIn.click()
  await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible()
  expect(await shownAddress(page)).toBe(eoa)
  await expect(page.getByRole('dialog', { name: 'Account' }).getByTestId('account-embedded-user')).toContainText(email)
})
