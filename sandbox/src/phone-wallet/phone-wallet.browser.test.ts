import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Browser, Page } from 'playwright-core'
import { createPublicClient, http, parseEther, verifyMessage, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchTestChromium } from '../chromium-for-tests.ts'
import { startSandbox, type SandboxHandle } from '../index.ts'
import { ACCOUNT, DAPP_METADATA, connectDapp, guardFetch, shutdown, startDapp } from '../relay/test-clients.ts'
import { testSandboxOptions } from '../../test/helpers.ts'
import { URI_MESSAGES } from './uri.ts'

// Ports of this file (README "Tests"): base 22620 (relay 22624, phone wallet 22626).
const A = 'eip155:31337'
const B = 'eip155:31338'
const events = ['chainChanged', 'accountsChanged']
const methods = ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_switchEthereumChain']

/** Runs axe-core (WCAG 2.1 A and AA) in the page, evaluated over the DevTools protocol (the page's CSP does not apply). */
async function axeViolations(target: Page): Promise<Array<{ id: string; nodes: unknown[] }>> {
  await target.evaluate(readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'))
  return target.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: string, opts: object) => Promise<{ violations: Array<{ id: string; nodes: unknown[] }> }> } }).axe
    return (await axe.run('body', { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })).violations
  })
}

let sandbox: SandboxHandle
let browser: Browser
let page: Page
let dapp: Awaited<ReturnType<typeof startDapp>>
let fetchGuard: ReturnType<typeof guardFetch>
const consoleErrors: string[] = []
const leftTheMachine: string[] = []

describe('Sandbox Phone Wallet page in Chromium, paired with a Node dapp through the relay', () => {
  beforeAll(async () => {
    sandbox = await startSandbox(testSandboxOptions(22620, { seedHistory: false, services: ['phoneWallet'] }))
    fetchGuard = guardFetch()
    browser = await launchTestChromium()
    page = await browser.newPage()
    page.on('console', (m) => void (m.type() === 'error' && consoleErrors.push(m.text())))
    page.on('request', (r) => void (!r.url().startsWith('http://127.0.0.1') && !r.url().startsWith('ws://127.0.0.1') && !r.url().startsWith('data:') && leftTheMachine.push(r.url())))
    dapp = await startDapp(sandbox.relay.url, 'browser-dapp')
  })
  afterAll(async () => {
    if (dapp) await shutdown(dapp.core)
    await browser?.close()
    fetchGuard?.restore()
    await sandbox?.stop()
  })

  const dialog = (name: string | RegExp) => page.getByRole('dialog', { name })

  it('opens, says a garbage link is not one, pairs through a deep link and approves the session', async () => {
    await page.goto(sandbox.phoneWallet.url)
    await expect.poll(() => page.locator('html').getAttribute('data-ready')).toBe('true')
    await page.getByLabel('WalletConnect link').fill('hello there')
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(URI_MESSAGES.notWalletConnect)

    const { uri, approved } = await connectDapp(dapp, { optionalNamespaces: { eip155: { chains: [A, B], methods, events } } })
    const expired = uri.replace(/expiryTimestamp=\d+/, `expiryTimestamp=${Math.floor(Date.now() / 1000) - 1}`)
    await page.getByLabel('WalletConnect link').fill(expired)
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(URI_MESSAGES.expired)

    const t = performance.now()
    await page.goto(sandbox.phoneWallet.deepLink(uri))
    const prompt = dialog(`Connect to ${DAPP_METADATA.name}?`)
    await prompt.waitFor()
    const promptMs = performance.now() - t
    expect(await axeViolations(page)).toEqual([])
    expect(await prompt.getByRole('list', { name: 'Networks requested' }).getByRole('listitem').allTextContents()).toEqual(['Portico Local (eip155:31337)', 'Portico Local B (eip155:31338)'])
    expect(page.url()).toBe(`${sandbox.phoneWallet.url}/`)
    const t2 = performance.now()
    await prompt.getByRole('button', { name: 'Approve' }).click()
    const session = await approved
    console.log(`phone wallet page: deep link to the proposal on screen ${promptMs.toFixed(0)} ms (page load included), Approve to the dapp's session ${(performance.now() - t2).toFixed(0)} ms`)
    expect(session.namespaces.eip155?.accounts).toEqual([`${A}:${ACCOUNT}`, `${B}:${ACCOUNT}`])
    await page.getByRole('heading', { name: DAPP_METADATA.name, level: 3 }).waitFor()
    expect(await page.getByRole('status', { name: 'Relay' }).textContent()).toBe('Relay: connected')
  })

  it('shows each request, signs a message and sends 0.01 ETH on chain 31337 when approved', async () => {
    const topic = dapp.session.getAll()[0]!.topic
    const t = performance.now()
    const signing = dapp.request<Hex>({ topic, chainId: A, request: { method: 'personal_sign', params: ['0x68656c6c6f', ACCOUNT] } })
    const sign = dialog('Sign a message for http://127.0.0.1:5173?')
    await sign.waitFor()
    expect(await sign.getByRole('definition').first().textContent()).toBe('hello')
    await sign.getByRole('button', { name: 'Approve' }).click()
    const signature = await signing
    console.log(`phone wallet page: personal_sign round trip, Approve click included ${(performance.now() - t).toFixed(0)} ms`)
    expect(await verifyMessage({ address: ACCOUNT, message: 'hello', signature })).toBe(true)

    const receiver = sandbox.devAccounts[7]!.address
    const chain = sandbox.chains[0]!
    const client = createPublicClient({ chain: chain.viemChain, transport: http(chain.rpcUrl) })
    const before = await client.getBalance({ address: receiver })
    const sending = dapp.request<Hex>({ topic, chainId: A, request: { method: 'eth_sendTransaction', params: [{ from: ACCOUNT, to: receiver, value: `0x${parseEther('0.01').toString(16)}` }] } })
    const send = dialog('Send a transaction for http://127.0.0.1:5173?')
    await send.waitFor()
    await send.getByRole('button', { name: 'Approve' }).click()
    const hash = await sending
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(await client.getBalance({ address: receiver })).toBe(before + parseEther('0.01'))
    await expect.poll(() => page.getByRole('status', { name: 'Wallet messages' }).textContent()).toBe(`Transaction sent on Portico Local: ${hash}`)

    const rejected = dapp.request({ topic, chainId: A, request: { method: 'personal_sign', params: ['0x6869', ACCOUNT] } }).catch((e: unknown) => e)
    await dialog('Sign a message for http://127.0.0.1:5173?').getByRole('button', { name: 'Reject' }).click()
    expect(await rejected).toMatchObject({ code: 4001, message: 'User rejected the request.' })
  })

  it('changes network and account from the page: the dapp hears chainChanged and accountsChanged; a reload keeps the session', async () => {
    const topic = dapp.session.getAll()[0]!.topic
    const heard: string[] = []
    dapp.on('session_event', ({ params }) => heard.push(`${params.event.name} ${JSON.stringify(params.event.data)}`))
    await page.getByLabel('Network').selectOption({ label: 'Portico Local B (31338)' })
    await expect.poll(() => heard).toEqual(['chainChanged 31338'])
    await page.getByLabel('Account', { exact: true }).selectOption('1')
    await expect.poll(() => heard).toEqual(['chainChanged 31338', `accountsChanged ["${sandbox.devAccounts[1]!.address}"]`])
    expect(dapp.session.get(topic).namespaces.eip155?.accounts[0]).toBe(`${A}:${sandbox.devAccounts[1]!.address}`)

    await page.reload()
    await page.getByRole('heading', { name: DAPP_METADATA.name, level: 3 }).waitFor()
    expect(await page.getByLabel('Network').inputValue()).toBe('31338')
    expect(await page.getByLabel('Account', { exact: true }).inputValue()).toBe('1')
  })

  it('disconnects: the dapp hears the session delete', async () => {
    const topic = dapp.session.getAll()[0]!.topic
    const deleted = new Promise<string>((resolve) => dapp.on('session_delete', (e) => resolve(e.topic)))
    await page.getByRole('button', { name: `Disconnect ${DAPP_METADATA.name}` }).click()
    expect(await deleted).toBe(topic)
    await expect.poll(() => page.getByText('No dapp is connected.').isVisible()).toBe(true)
  })

  it('nothing left the machine: the page’s CSP refused WalletKit’s telemetry and any look-up at verify', () => {
    console.log(`phone wallet page: console errors ${JSON.stringify(consoleErrors)}; requests outside 127.0.0.1 ${JSON.stringify(leftTheMachine)}`)
    expect(leftTheMachine.filter((u) => !u.startsWith('https://pulse.walletconnect.org/'))).toEqual([])
    // What the browser refused (a CSP violation names the URL) and any address off the machine in an
    // error: only WalletKit's telemetry and its verify server. The relay gives every message an empty
    // attestation, so a message as it arrives asks verify nothing (relay/official-clients.sandbox.test.ts), but
    // after the reload above WalletKit runs again the messages it had not acknowledged, without their
    // attestation (sign-client's processPendingMessageEvents), and those ask verify: the CSP refuses it.
    // WalletKit's own logged errors (a relay request it retried on a busy machine) are printed above,
    // not counted: they say nothing about where the page connected.
    const offTheMachine = (e: string) => /Content Security Policy/.test(e) || [...e.matchAll(/\b(?:https?|wss?):\/\/([^/\s'"]+)/g)].some((m) => !m[1]!.startsWith('127.0.0.1'))
    const walletKitsOwn = (e: string) => /https:\/\/(pulse|verify)\.walletconnect\.org\//.test(e) && /Content Security Policy/.test(e)
    expect(consoleErrors.filter(offTheMachine).filter((e) => !walletKitsOwn(e))).toEqual([])
  })
})
