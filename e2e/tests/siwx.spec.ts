import type { Page } from '@playwright/test'
import { SiweMessage } from 'siwe'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { axeViolations } from '../axe.ts'
import { expect, recordCspViolations, test } from '../fixtures.ts'
import { E2E_URLS } from '../ports.ts'

/** Accounts of the test mnemonic that no other test signs in with. */
const ACCOUNT_5 = { index: 5, address: '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc' }
const ACCOUNT_6 = { index: 6, address: '0x976EA74026E726554dB657fA54763abd0C3a0aa9' }
const ACCOUNT_8 = { index: 8, address: '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f' }
const ACCOUNT_7 = { index: 7, address: '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955' }
/** The demo's own store of its SIWX sessions (`demo/src/customSiwx.ts`). */
const DEMO_STORE = 'portico-demo:siwx-sessions'

const page = (index: number, mode = 'required') => `/?siwx=${mode}&sandboxAccount=${index}`

async function connect(demo: Page) {
  await demo.getByRole('button', { name: 'Connect Wallet' }).click()
  await demo.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'Sandbox Wallet' }).click()
  await demo.getByRole('dialog', { name: 'Sandbox Wallet request' }).getByRole('button', { name: 'Approve' }).click()
  return demo.getByRole('dialog', { name: 'Sign In' })
}

/** The demo's project: the verifier keeps sessions per project. */
const DEMO_PROJECT = 'portico-demo'

async function verifierSession(address: string, project = DEMO_PROJECT) {
  const response = await fetch(`${E2E_URLS.dataApi}/v1/siwx/session?address=${address}&chainId=31337&projectId=${project}&st=e2e&sv=e2e`)
  return response.ok ? ((await response.json()) as { session: { address: string; nonce: string } }).session : null
}

test.describe('Sign in with the wallet (SIWX)', () => {
  test('/?siwx=required: the sign view cannot be closed; the signed EIP-4361 message is verified; a reload and a second tab ask nothing; disconnect and connect asks again', async ({
    demo,
    context,
    baseURL,
  }) => {
    const violations = await recordCspViolations(demo)
    const visitFrom = Date.now()
    await demo.goto(page(ACCOUNT_5.index))
    const signIn = await connect(demo)
    await expect(signIn.getByRole('button', { name: 'Sign', exact: true })).toBeVisible()
    expect(await axeViolations(demo), 'axe on SIWXSignMessage').toEqual([])
    await demo.screenshot({ path: test.info().outputPath('siwx-sign-message.png') })

    // Escape, the close button, the backdrop: it stays.
    await demo.keyboard.press('Escape')
    await expect(signIn.getByRole('button', { name: 'Close' })).toHaveCount(0)
    await demo.mouse.click(5, 5)
    await expect(signIn).toBeVisible()

    await signIn.getByRole('button', { name: 'Sign', exact: true }).click()
    await expect(signIn.getByRole('button', { name: 'Authenticating...' })).toBeDisabled()
    const prompt = demo.getByRole('dialog', { name: 'Sandbox Wallet request' })
    const text = (await prompt.locator('dd.block').textContent()) ?? ''
    const message = new SiweMessage(text)
    const origin = new URL(baseURL!)
    expect(message.domain).toBe(origin.host)
    expect(message.uri).toBe(origin.origin)
    expect(message.address).toBe(ACCOUNT_5.address)
    expect(message.chainId).toBe(31337)
    expect(message.nonce.length).toBeGreaterThanOrEqual(8)
    // Issued during this visit (the ISO time keeps milliseconds), and it expires later.
    expect(Date.parse(message.issuedAt!)).toBeGreaterThanOrEqual(visitFrom)
    expect(Date.parse(message.issuedAt!)).toBeLessThanOrEqual(Date.now())
    expect(Date.parse(message.expirationTime!)).toBeGreaterThan(Date.parse(message.issuedAt!))
    await prompt.getByRole('button', { name: 'Approve' }).click()

    await expect(demo.getByRole('dialog')).toHaveCount(0)
    await expect(demo.getByTestId('siwx-status')).toContainText(`Signed in as ${ACCOUNT_5.address}`)
    expect(await verifierSession(ACCOUNT_5.address)).toMatchObject({ address: ACCOUNT_5.address, nonce: message.nonce })
    expect(await verifierSession(ACCOUNT_5.address, 'another-project')).toBeNull()

    // A reload and a second tab: signed in, nothing asked.
    await demo.reload()
    await expect(demo.getByTestId('siwx-status')).toContainText('Signed in as')
    const second = await context.newPage()
    await second.goto(page(ACCOUNT_5.index))
    await expect(second.getByTestId('siwx-status')).toContainText('Signed in as')
    // Each tab's modal then opens on the account, not on the sign view (it would come first).
    for (const p of [demo, second]) {
      await p
        .getByRole('button', { name: /0x9965/ })
        .first()
        .click()
      await expect(p.getByRole('dialog', { name: 'Account' })).toBeVisible()
      await expect(p.getByRole('dialog', { name: 'Sign In' })).toHaveCount(0)
      await expect(p.getByRole('dialog', { name: 'Sandbox Wallet request' })).toHaveCount(0)
      await p.keyboard.press('Escape')
      await expect(p.getByRole('dialog', { name: 'Account' })).toHaveCount(0)
    }

    // Disconnect signs out everywhere; connecting again asks again.
    await demo
      .getByRole('button', { name: /0x9965/ })
      .first()
      .click()
    await demo
      .getByRole('dialog', { name: 'Account' })
      .getByRole('button', { name: /Disconnect/ })
      .click()
    await expect(demo.getByTestId('dapp-status')).toHaveText('Not connected')
    await expect.poll(() => verifierSession(ACCOUNT_5.address)).toBeNull()
    await demo.keyboard.press('Escape')
    await expect(await connect(demo)).toBeVisible()
    expect(await violations()).toEqual([])
  })

  test("the sign-in initialises on connect: the nonce is asked before Sign is pressed; when the verifier cannot give one, 'A problem occurred while trying initialize authentication', disconnected, back at Connect", async ({
    demo,
    sandbox,
  }) => {
    const nonces = () => sandbox.dataApi.requests().filter((r) => r.path === '/v1/siwx/nonce').length
    // Working verifier: connecting alone fetches the nonce, and one click asks the wallet once.
    await demo.goto(page(ACCOUNT_8.index, 'optional'))
    const signIn = await connect(demo)
    // Ready: the sign-in's nonce was fetched and the write waits at its wallet request, with nothing pressed.
    await expect(signIn.locator('.portico-siwx')).toHaveAttribute('data-state', 'ready')
    expect(nonces()).toBeGreaterThanOrEqual(1)
    await expect(signIn.getByRole('button', { name: 'Sign', exact: true })).toBeEnabled()
    // On a loaded machine the core may have retried a nonce request the verifier answered too slowly: what counts is that Cancel asks for none.
    const fetched = nonces()
    await signIn.getByRole('button', { name: 'Cancel' }).click()
    await expect(signIn).toHaveCount(0)
    await demo.waitForTimeout(500)
    expect(nonces()).toBe(fetched)
    await demo
      .getByRole('button', { name: /0x2361/ })
      .first()
      .click()
    await demo
      .getByRole('dialog', { name: 'Account' })
      .getByRole('button', { name: /Disconnect/ })
      .click()
    await expect(demo.getByTestId('dapp-status')).toHaveText('Not connected')
    await demo.keyboard.press('Escape')

    // The verifier fails: the failure is told at connect, with no Sign pressed and nothing asked of the wallet.
    sandbox.faults.set([{ route: '/v1/siwx/nonce', kind: 'wrong-shape' }])
    try {
      await demo.goto(page(ACCOUNT_8.index))
      await connect(demo)
      await expect(demo.getByText('A problem occurred while trying initialize authentication')).toBeVisible()
      await expect(demo.getByTestId('dapp-status')).toHaveText('Not connected')
      await expect(demo.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible()
      await expect(demo.getByRole('dialog', { name: 'Sandbox Wallet request' })).toHaveCount(0)
      expect(sandbox.faults.list().reduce((n, rule) => n + rule.injected, 0)).toBeGreaterThan(0)
    } finally {
      sandbox.faults.clear()
    }
    expect(await verifierSession(ACCOUNT_8.address)).toBeNull()
  })

  test("declining says 'Signature declined' and keeps the view; one click is one request; cancel disconnects when sign-in is required", async ({ demo }) => {
    await demo.goto(page(ACCOUNT_6.index))
    const signIn = await connect(demo)
    const prompt = demo.getByRole('dialog', { name: 'Sandbox Wallet request' })
    const sign = signIn.getByRole('button', { name: 'Sign', exact: true })
    await sign.dblclick()
    await expect(prompt).toBeVisible()
    await expect(prompt.getByText(/more request/i)).toHaveCount(0)
    await prompt.getByRole('button', { name: 'Reject' }).click()
    await expect(demo.getByText('Signature declined')).toBeVisible()
    await expect(signIn).toBeVisible()
    await expect(prompt).toHaveCount(0)
    expect(await verifierSession(ACCOUNT_6.address)).toBeNull()

    await signIn.getByRole('button', { name: 'Cancel' }).click()
    await expect(demo.getByTestId('dapp-status')).toHaveText('Not connected')
    await expect(demo.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible()
  })

  test("/?siwx=custom: the dapp's own SIWX configuration makes the message and keeps the session; its getSessions counts as signed in elsewhere; disconnect calls its revokeSession", async ({
    demo,
    browser,
    baseURL,
  }) => {
    await demo.goto(page(ACCOUNT_7.index, 'custom'))
    const signIn = await connect(demo)
    // Required by the dapp's getRequired(): no close button.
    await expect(signIn.getByRole('button', { name: 'Close' })).toHaveCount(0)
    await signIn.getByRole('button', { name: 'Sign', exact: true }).click()
    const prompt = demo.getByRole('dialog', { name: 'Sandbox Wallet request' })
    const message = new SiweMessage((await prompt.locator('dd.block').textContent()) ?? '')
    expect(message.statement).toBe('Sign in to the Portico demo (its own sign-in)')
    expect(message.address).toBe(ACCOUNT_7.address)
    expect(message.domain).toBe(new URL(baseURL!).host)
    await prompt.getByRole('button', { name: 'Approve' }).click()
    await expect(demo.getByRole('dialog')).toHaveCount(0)
    await expect(demo.getByTestId('siwx-status')).toContainText(`Signed in as ${ACCOUNT_7.address}`)
    // The dapp's addSession kept the session (data, message, signature, cacao) in its own store.
    const stored = await demo.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]'), DEMO_STORE)
    expect(stored).toHaveLength(1)
    expect(stored[0]).toMatchObject({
      data: { accountAddress: ACCOUNT_7.address, chainId: 'eip155:31337', nonce: message.nonce },
      signature: expect.stringMatching(/^0x/),
      cacao: { h: { t: 'caip122' } },
    })

    // Another browser profile (no Portico state) with the dapp's store: its getSessions counts, nothing is asked.
    const other = await browser.newContext({ baseURL: baseURL! })
    try {
      const fresh = await other.newPage()
      // Whether the sign view ever showed, even for a moment (it waits for the dapp's getSessions).
      await fresh.addInitScript(() => {
        const seen = { signView: false }
        ;(window as unknown as { __seen: typeof seen }).__seen = seen
        new MutationObserver(() => {
          if (document.body?.innerText.includes('Please sign this message')) seen.signView = true
        }).observe(document, { subtree: true, childList: true, characterData: true })
      })
      await fresh.goto(page(ACCOUNT_7.index, 'custom'))
      await fresh.evaluate(([key, value]) => localStorage.setItem(key!, value!), [DEMO_STORE, JSON.stringify(stored)])
      await fresh.reload()
      await fresh.getByRole('button', { name: 'Connect Wallet' }).click()
      await fresh.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'Sandbox Wallet' }).click()
      await fresh.getByRole('dialog', { name: 'Sandbox Wallet request' }).getByRole('button', { name: 'Approve' }).click()
      await expect(fresh.getByTestId('dapp-status')).not.toHaveText('Not connected')
      await expect(fresh.getByTestId('siwx-status')).toContainText(`Signed in as ${ACCOUNT_7.address}`)
      // The modal, still open from connecting, shows the account, not the sign view (it would come first).
      await expect(fresh.getByRole('dialog', { name: 'Account' })).toBeVisible()
      await expect(fresh.getByRole('dialog', { name: 'Sign In' })).toHaveCount(0)
      await expect(fresh.getByRole('dialog', { name: 'Sandbox Wallet request' })).toHaveCount(0)
      expect(await fresh.evaluate(() => (window as unknown as { __seen: { signView: boolean } }).__seen.signView)).toBe(false)
    } finally {
      await other.close()
    }

    // Disconnect: the dapp's revokeSession empties its store, and the verifier forgets the session.
    await demo
      .getByRole('button', { name: /0x14dC/ })
      .first()
      .click()
    await demo
      .getByRole('dialog', { name: 'Account' })
      .getByRole('button', { name: /Disconnect/ })
      .click()
    await expect(demo.getByTestId('dapp-status')).toHaveText('Not connected')
    await expect.poll(() => demo.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]').length, DEMO_STORE)).toBe(0)
    await expect.poll(() => verifierSession(ACCOUNT_7.address)).toBeNull()
  })

  test("/?siwx=custom: a disconnect made in the wallet itself reaches the dapp's revokeSession too, and every tab", async ({ demo, context }) => {
    await demo.goto(page(ACCOUNT_7.index, 'custom'))
    const signIn = await connect(demo)
    await signIn.getByRole('button', { name: 'Sign', exact: true }).click()
    await demo.getByRole('dialog', { name: 'Sandbox Wallet request' }).getByRole('button', { name: 'Approve' }).click()
    await expect(demo.getByTestId('siwx-status')).toContainText(`Signed in as ${ACCOUNT_7.address}`)
    expect(await demo.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]').length, DEMO_STORE)).toBe(1)
    const second = await context.newPage()
    await second.goto(page(ACCOUNT_7.index, 'custom'))
    await expect(second.getByTestId('siwx-status')).toContainText(`Signed in as ${ACCOUNT_7.address}`)

    // The visitor disconnects in the wallet's own UI: it forgets the page (EIP-2255) and tells it, as an extension does.
    await demo.evaluate(async () => {
      type Provider = { request(args: { method: string; params?: unknown[] }): Promise<unknown> }
      const provider = await new Promise<Provider>((resolve) => {
        window.addEventListener('eip6963:announceProvider', (event) => {
          const { info, provider } = (event as CustomEvent<{ info: { name: string }; provider: Provider }>).detail
          if (info.name === 'Sandbox Wallet') resolve(provider)
        })
        window.dispatchEvent(new Event('eip6963:requestProvider'))
      })
      await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
    })
    await expect(demo.getByTestId('dapp-status')).toHaveText('Not connected')
    await expect(second.getByTestId('dapp-status')).toHaveText('Not connected')
    // The dapp heard it: its revokeSession emptied its store; the verifier forgot the session too.
    await expect.poll(() => demo.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]').length, DEMO_STORE)).toBe(0)
    await expect.poll(() => verifierSession(ACCOUNT_7.address)).toBeNull()
  })

  test("the verifier binds a sign-in to the page that asks (the browser's own Origin header): a message for another domain or chain is refused, one for the demo's origin is verified", async ({
    demo,
    baseURL,
  }) => {
    await demo.goto('/')
    const origin = new URL(baseURL!)
    const signer = privateKeyToAccount(generatePrivateKey())
    const api = `${E2E_URLS.dataApi}/v1/siwx`
    const query = `projectId=${DEMO_PROJECT}&st=e2e&sv=e2e`
    /** From the demo's page, so the browser sets the Origin header itself. */
    const fromPage = (path: string, body?: unknown) =>
      demo.evaluate(
        async ({ url, body }) => {
          const response = await fetch(url, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
          return { status: response.status, body: (await response.json()) as { nonce?: string; error?: string; session?: { address: string } } }
        },
        { url: `${api}/${path}?${query}`, body },
      )
    const signed = async (overrides: { domain?: string; uri?: string; chainId?: number } = {}) => {
      const nonce = (await fromPage('nonce')).body.nonce!
      const message = createSiweMessage({ address: signer.address, chainId: 31337, domain: origin.host, uri: origin.origin, version: '1', nonce, issuedAt: new Date(), ...overrides })
      return { message, signature: await signer.signMessage({ message }), chainId: 31337 }
    }

    expect(await fromPage('verify', await signed({ domain: 'evil.example', uri: 'https://evil.example/' }))).toEqual({
      status: 401,
      body: { error: `Domain evil.example is not the requesting origin's host ${origin.host}` },
    })
    expect(await fromPage('verify', await signed({ chainId: 31338 }))).toEqual({ status: 401, body: { error: 'Chain ID 31338 is not the connected chain 31337' } })
    // Posted without a page (no Origin header): refused before anything is read. From the page: verified, once.
    const once = await signed()
    const bare = await fetch(`${api}/verify?${query}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(once) })
    expect(bare.status).toBe(403)
    expect(await verifierSession(signer.address)).toBeNull()
    const good = await fromPage('verify', once)
    expect(good.status).toBe(200)
    expect(good.body.session).toMatchObject({ address: signer.address, domain: origin.host, uri: origin.origin })
    expect(await fromPage('verify', once)).toEqual({ status: 401, body: { error: 'Unknown or used nonce: ask for a new one' } })
    expect(await verifierSession(signer.address)).toMatchObject({ address: signer.address })
    expect(await verifierSession(signer.address, 'another-project')).toBeNull()
  })
})
