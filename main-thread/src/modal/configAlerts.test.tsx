import { act, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { announceWallet, catalogue, CATALOGUE_URL, createTestClient, fakeFetch, openModal, renderPortico, testConfig, type FakeWallet, type TestPortico } from '../../test/harness.tsx'

const wallets: FakeWallet[] = []
const clients: TestPortico[] = []
afterEach(() => {
  for (const wallet of wallets.splice(0)) wallet.cleanup()
  for (const portico of clients.splice(0)) portico.client.destroy()
  vi.restoreAllMocks()
})

const rpcCalls = (portico: TestPortico) => portico.fetch.mock.calls.filter(([input, init]) => String(input).startsWith('http://127.0.0.1:31337') && String(init?.body ?? '').includes('eth_chainId'))

async function settle() {
  await act(async () => new Promise((resolve) => setTimeout(resolve, 30)))
}

describe('configuration alerts (SPEC.md §8)', () => {
  it('without a project id: says so in the modal and the console, and offers the browser wallets only', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    wallets.push(announceWallet({ name: 'Page Wallet', rdns: 'dev.page.wallet' }))
    const portico = createTestClient({ config: testConfig({ projectId: '', catalogueUrl: CATALOGUE_URL }), remotes: { wallets: catalogue(20) } })
    clients.push(portico)
    renderPortico(portico)
    await openModal(portico)
    const dialog = await screen.findByRole('dialog', { name: 'Connect Wallet' })
    expect(within(dialog).getByRole('alert').textContent).toContain('Project ID Not Configured')
    expect(warn.mock.calls.some(([message]) => /Project ID Not Configured.*projectId/.test(String(message)))).toBe(true)
    await within(dialog).findByRole('button', { name: /Page Wallet/ })
    await settle()
    expect(within(dialog).queryByRole('button', { name: 'WalletConnect' })).toBeNull()
    expect(within(dialog).queryByRole('button', { name: /All Wallets/ })).toBeNull()
    expect(portico.fetch.mock.calls.some(([input]) => String(input).startsWith(CATALOGUE_URL))).toBe(false)
  })

  it("says 'Invalid App Configuration' when a service refuses the origin (403), and still offers the browser wallets", async () => {
    wallets.push(announceWallet({ name: 'Page Wallet', rdns: 'dev.page.wallet' }))
    const answer = fakeFetch({ wallets: catalogue(20) })
    const refusing = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).startsWith(CATALOGUE_URL) ? new Response('{"error":"Origin not allowed"}', { status: 403 }) : answer(input, init),
    )
    const portico = createTestClient({ config: testConfig({ catalogueUrl: CATALOGUE_URL }), fetch: refusing as unknown as typeof answer })
    clients.push(portico)
    renderPortico(portico)
    await openModal(portico)
    const dialog = await screen.findByRole('dialog', { name: 'Connect Wallet' })
    const alert = await within(dialog).findByRole('alert')
    expect(alert.textContent).toContain('Invalid App Configuration')
    within(dialog).getByRole('button', { name: /Page Wallet/ })
  })

  it('with a project id shows no alert', async () => {
    const portico = createTestClient()
    clients.push(portico)
    renderPortico(portico)
    await openModal(portico)
    const dialog = await screen.findByRole('dialog', { name: 'Connect Wallet' })
    expect(within(dialog).queryByText('Project ID Not Configured')).toBeNull()
  })
})

describe("'Network Not Found' (SPEC.md §8)", () => {
  it('SwitchNetwork for a network the dapp does not list says so and asks the wallet nothing', async () => {
    const wallet = announceWallet({ name: 'Page Wallet', rdns: 'dev.page.wallet' })
    wallets.push(wallet)
    const portico = createTestClient()
    clients.push(portico)
    renderPortico(portico)
    await openModal(portico, { name: 'SwitchNetwork', caipNetworkId: 'eip155:999' })
    const dialog = await screen.findByRole('dialog')
    const alert = await within(dialog).findByRole('alert')
    expect(alert.textContent).toContain('Network Not Found')
    expect(alert.textContent).toContain('eip155:999')
    expect(wallet.provider.request.mock.calls.map(([args]) => args.method)).not.toContain('wallet_switchEthereumChain')
    within(dialog).getByRole('button', { name: 'Choose network' })
  })
})

describe('startup ping (SPEC.md §7)', () => {
  it('is one JSON-RPC call at the first open, none at page load', async () => {
    const portico = createTestClient()
    clients.push(portico)
    renderPortico(portico)
    await settle()
    expect(portico.fetch).not.toHaveBeenCalled()
    await openModal(portico)
    await settle()
    expect(rpcCalls(portico)).toHaveLength(1)
    await act(async () => portico.client.close())
    await openModal(portico)
    await settle()
    expect(rpcCalls(portico)).toHaveLength(1)
  })

  it('is left out with startupPing: false', async () => {
    const portico = createTestClient({ config: testConfig({ startupPing: false }) })
    clients.push(portico)
    renderPortico(portico)
    await openModal(portico)
    await settle()
    expect(rpcCalls(portico)).toHaveLength(0)
  })
})
