import type { Page } from '@playwright/test'
import { createPublicClient, formatEther, http, type Address } from 'viem'
import { connectSandboxWallet, expect, openSecondTab, test, walletRequest } from '../../e2e/fixtures.ts'
import { E2E_URLS } from '../../e2e/ports.ts'
import { BASE_SEED, begin, record } from '../fuzz/harness.ts'

const ROW = 'Chaos: data API and catalogue failing 30%, 3 tabs'
/** Random actions over the three tabs; kept so the whole suite stays under 6 minutes. */
const ACTIONS = Number(process.env['RELIABILITY_CHAOS_ACTIONS'] ?? 45) || 45
const WALLET = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as Address
const short = `${WALLET.slice(0, 6)}…${WALLET.slice(-4)}`
const NETWORKS = { '0x7a69': { status: `Connected ${WALLET} on Portico Local`, rpc: E2E_URLS.chainA, symbol: 'ETH' }, '0x7a6a': { status: `Connected ${WALLET} on Portico Local B`, rpc: E2E_URLS.chainB, symbol: 'BEE' } } as const

/** One rule per route (the fault store applies the first rule a path matches): each kind of failure on 30% of its calls. */
const FAULTS = [
  { route: '/v1/account/:address/balance', kind: '500', rate: 0.3 },
  { route: '/v1/account/:address/history', kind: 'malformed', rate: 0.3 },
  { route: '/v1/account/:address/nfts', kind: 'wrong-shape', rate: 0.3 },
  { route: '/v1/identity', kind: 'hang', rate: 0.3, hangMs: 2_000 },
  { route: '/v1/profile', kind: '429', rate: 0.3, retryAfterSeconds: 1 },
  { route: '/v1/fungible', kind: '500', rate: 0.3 },
  { route: '/v1/convert', kind: 'wrong-shape', rate: 0.3 },
  { route: '/v1', kind: '500', rate: 0.3 },
  { route: '/getWallets', kind: '429', rate: 0.3, retryAfterSeconds: 1 },
  { route: '/', kind: '500', rate: 0.3 },
] as const

/** A small seeded generator (mulberry32): the same seed replays the same actions. */
function random(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

test(`chaos: ${ACTIONS} random actions over 3 tabs with the data API and the catalogue failing 30%: 0 unhandled errors, the tabs converge, the balance is the chain's`, async ({ context, page, sandbox }) => {
  test.setTimeout(180_000)
  begin(ROW, 'actions over 3 tabs')
  const unhandled: string[] = []
  const watch = (p: Page) => p.on('pageerror', (error) => unhandled.push(`${error.name}: ${error.message}`))
  watch(page)
  await page.goto('/')
  const first = await connectSandboxWallet(page)
  await expect(first.getByTestId('account-balance')).toContainText('ETH')
  await page.keyboard.press('Escape')
  const tabs = [page, await openSecondTab(context), await openSecondTab(context)]
  tabs.slice(1).forEach(watch)
  for (const tab of tabs) await expect(tab.getByTestId('dapp-status')).toHaveText(NETWORKS['0x7a69'].status)

  sandbox.faults.set([...FAULTS])
  const next = random(BASE_SEED)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!
  const done: string[] = []
  const account = (p: Page) => p.getByRole('dialog', { name: 'Account' })
  const open = async (p: Page) => {
    if (!(await account(p).isVisible())) await p.getByRole('button', { name: short }).first().click()
    await expect(account(p)).toBeVisible()
  }
  const actions: Record<string, (p: Page) => Promise<void>> = {
    open,
    close: async (p) => p.keyboard.press('Escape'),
    tokens: async (p) => (await open(p), account(p).getByRole('tab', { name: 'Tokens' }).click()),
    nfts: async (p) => (await open(p), account(p).getByRole('tab', { name: 'NFTs' }).click()),
    activity: async (p) => (await open(p), account(p).getByRole('tab', { name: 'Activity' }).click()),
    switchNetwork: async (p) => void (await walletRequest(p, 'wallet_switchEthereumChain', [{ chainId: pick(Object.keys(NETWORKS)) }])),
    reload: async (p) => void (await p.reload()),
  }
  for (let i = 0; i < ACTIONS; i++) {
    const name = pick(Object.keys(actions))
    const tab = Math.floor(next() * tabs.length)
    done.push(`${name}@${tab + 1}`)
    await actions[name]!(tabs[tab]!)
  }

  // The faults end; every tab shows the same network, and the balance the chain holds on it.
  sandbox.faults.clear()
  const status = await tabs[0]!.getByTestId('dapp-status').innerText()
  const network = Object.values(NETWORKS).find((n) => n.status === status)!
  expect(network, `an unknown status: ${status}`).toBeDefined()
  for (const tab of tabs) await expect(tab.getByTestId('dapp-status')).toHaveText(network.status, { timeout: 1_000 })
  const onChain = await createPublicClient({ transport: http(network.rpc) }).getBalance({ address: WALLET })
  const expected = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(formatEther(onChain)))
  let converged = 0
  for (const tab of tabs) {
    await open(tab)
    await account(tab).getByRole('tab', { name: 'Tokens' }).click()
    // A balance that failed under the faults is asked again once SPEC.md §9's 30 s retry block ends.
    const balance = account(tab).getByTestId('account-balance')
    await expect(balance).toHaveText(`${expected} ${network.symbol}`, { timeout: 35_000 })
    converged += 1
  }
  record({
    row: ROW,
    name: 'actions over 3 tabs',
    extra: { seed: BASE_SEED },
    cases: ACTIONS,
    unit: 'actions',
    failures: unhandled.length + (tabs.length - converged),
    examples: unhandled.slice(0, 3).map((u) => ({ input: done.slice(-5).join(' '), problem: `unhandled: ${u}` })),
  })
  expect(unhandled).toEqual([])
})
