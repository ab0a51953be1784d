import { createPublicClient, createTestClient, createWalletClient, erc20Abi, http, parseUnits, type Address } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import type { Page } from '@playwright/test'
import { connectSandboxWallet, expect, openSecondTab, test } from '../fixtures.ts'
import { E2E_URLS } from '../ports.ts'

const ACCOUNT_0: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const chain = createPublicClient({ transport: http(E2E_URLS.chainA) })

/** Opens Swap from the Account view and fills it the way a visitor does. */
async function fillSwap(page: Page, { pay, receive, amount }: { pay?: string; receive?: string; amount: string }) {
  await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Swap', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Swap' })
  if (pay) {
    await dialog.getByRole('button', { name: /Choose the token to pay/ }).click()
    await dialog
      .getByRole('list', { name: 'You pay' })
      .getByRole('button', { name: new RegExp(pay) })
      .click()
  }
  if (receive) {
    await dialog.getByRole('button', { name: /Choose the token to receive/ }).click()
    await dialog.getByRole('searchbox', { name: 'Search tokens' }).fill(receive)
    await dialog
      .getByRole('list', { name: 'You receive' })
      .getByRole('button', { name: new RegExp(receive) })
      .click()
  }
  await dialog.getByRole('textbox', { name: /Amount to pay/ }).fill(amount)
  return dialog
}

test.describe('Swap', () => {
  test('0.2 ETH to USDC: quote, review, swap in the wallet; USDC grows on chain and every tab shows it', async ({ demo, sandbox, context }) => {
    const usdc = sandbox.contracts[31337]?.USDC?.address as Address
    await connectSandboxWallet(demo)
    const second = await openSecondTab(context)
    const before = await chain.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [ACCOUNT_0] })
    const dialog = await fillSwap(demo, { receive: 'USDC', amount: '0.2' })
    await expect(dialog.getByTestId('swap-quote')).toContainText(/You receive: [\d,.]+ USDC/)
    await expect(dialog.getByTestId('swap-details')).toContainText('Slippage tolerance1 %')
    await expect(dialog.getByTestId('swap-details')).toContainText(/Network fee\$[\d.]+/)
    await dialog.getByRole('button', { name: 'Review swap' }).click()
    // What is paid and received, simulated on the chain before the wallet is asked.
    await expect(dialog.getByTestId('preview-change')).toHaveText([/^−0\.2 ETH/, /^\+[\d,.]+ USDC/], { timeout: 15_000 })
    await dialog.getByRole('button', { name: 'Swap', exact: true }).click()
    await expect(dialog.getByTestId('swap-progress')).toContainText('Step 1 of 1')
    await demo.getByRole('dialog', { name: 'Sandbox Wallet request' }).getByRole('button', { name: 'Approve' }).click()
    await expect(demo.getByText('Swap started')).toBeVisible()
    await expect(demo.getByRole('dialog', { name: 'Account' })).toBeVisible()
    await expect
      .poll(async () => (await chain.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [ACCOUNT_0] })) - before, { timeout: 15_000 })
      .toBeGreaterThan(parseUnits('500', 6))
    for (const page of [demo, second]) {
      if (page === second)
        await page
          .getByRole('button', { name: /0xf39F/ })
          .first()
          .click()
      const account = page.getByRole('dialog', { name: 'Account' })
      await account.getByRole('tab', { name: 'Activity' }).click()
      await expect(
        account
          .getByRole('tabpanel', { name: 'Activity' })
          .locator('.portico-tx')
          .filter({ hasText: /Swap|Trade/i })
          .first(),
      ).toBeVisible({ timeout: 15_000 })
    }
  })

  test('USDC to ETH with a wallet that runs atomic batches (EIP-5792): one approval in the wallet for the approval and the swap together', async ({ demo, sandbox }) => {
    const usdc = sandbox.contracts[31337]?.USDC?.address as Address
    const amm = sandbox.deployments[31337]!.amm
    // Account 5 of the test mnemonic (its own EIP-7702 delegation is made here): 50 USDC from account 0, no allowance.
    const who = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 5 }).address
    const funder = createWalletClient({ account: mnemonicToAccount('test test test test test test test test test test test junk'), transport: http(E2E_URLS.chainA) })
    await chain.waitForTransactionReceipt({ hash: await funder.writeContract({ chain: null, address: usdc, abi: erc20Abi, functionName: 'transfer', args: [who, parseUnits('50', 6)] }) })
    expect(await chain.readContract({ address: usdc, abi: erc20Abi, functionName: 'allowance', args: [who, amm] })).toBe(0n)
    // The Simple7702Account the wallet delegates to is placed with ERC-4337, once the seed is done.
    await expect.poll(async () => (await chain.getCode({ address: '0xe6Cae83BdE06E4c305530e199D7217f42808555B' }))?.length ?? 0, { timeout: 60_000 }).toBeGreaterThan(2)
    await demo.goto('/?sandboxAccount=5')
    await connectSandboxWallet(demo)
    const before = await chain.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [who] })
    const dialog = await fillSwap(demo, { pay: 'USD Coin', receive: 'ETH', amount: '30' })
    await expect(dialog.getByTestId('swap-quote')).toContainText(/You receive: [\d,.]+ ETH/)
    await dialog.getByRole('button', { name: 'Review swap' }).click()
    await dialog.getByRole('button', { name: 'Swap', exact: true }).click()
    const prompt = demo.getByRole('dialog', { name: 'Sandbox Wallet request' })
    // One step, one prompt: the wallet shows the batch (approve, then swap) as one atomic request.
    await expect(dialog.getByTestId('swap-progress')).toContainText('Step 1 of 1')
    await expect(prompt).toContainText('Send 2 calls for')
    await expect(prompt).toContainText('Atomic: all calls in one transaction, or none')
    await prompt.getByRole('button', { name: 'Approve' }).click()
    await expect(demo.getByText('Swap started')).toBeVisible({ timeout: 15_000 })
    await expect(prompt).toHaveCount(0)
    await expect.poll(async () => before - (await chain.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [who] })), { timeout: 15_000 }).toBe(parseUnits('30', 6))
    // The approval and the swap ran in one EIP-7702 transaction of the account to itself.
    const latest = await chain.getBlock({ includeTransactions: true })
    const batch = latest.transactions.find((tx) => tx.from.toLowerCase() === who.toLowerCase())
    expect(batch).toMatchObject({ type: 'eip7702' })
    expect(batch?.to?.toLowerCase()).toBe(who.toLowerCase())
  })

  test('USDC to ETH with a wallet without EIP-5792: the approval runs and is mined first, then the swap', async ({ demo, sandbox }) => {
    await demo.goto('/?sandboxWallet5792=off')
    const usdc = sandbox.contracts[31337]?.USDC?.address as Address
    // No allowance left from earlier swaps: the AMM may take nothing until the approval.
    const owner = createWalletClient({ account: mnemonicToAccount('test test test test test test test test test test test junk'), transport: http(E2E_URLS.chainA) })
    const amm = sandbox.deployments[31337]!.amm
    await chain.waitForTransactionReceipt({ hash: await owner.writeContract({ chain: null, address: usdc, abi: erc20Abi, functionName: 'approve', args: [amm, 0n] }) })
    expect(await chain.readContract({ address: usdc, abi: erc20Abi, functionName: 'allowance', args: [ACCOUNT_0, amm] })).toBe(0n)
    await connectSandboxWallet(demo)
    const before = await chain.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [ACCOUNT_0] })
    const dialog = await fillSwap(demo, { pay: 'USD Coin', receive: 'ETH', amount: '30' })
    await expect(dialog.getByTestId('swap-quote')).toContainText(/You receive: [\d,.]+ ETH/)
    await dialog.getByRole('button', { name: 'Review swap' }).click()
    await dialog.getByRole('button', { name: 'Swap', exact: true }).click()
    const prompt = demo.getByRole('dialog', { name: 'Sandbox Wallet request' })
    await expect(dialog.getByTestId('swap-progress')).toContainText('Step 1 of 2')
    await prompt.getByRole('button', { name: 'Approve' }).click()
    await expect(dialog.getByTestId('swap-progress')).toContainText('Step 2 of 2')
    await prompt.getByRole('button', { name: 'Approve' }).click()
    await expect(demo.getByText('Swap started')).toBeVisible()
    await expect.poll(async () => before - (await chain.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [ACCOUNT_0] })), { timeout: 15_000 }).toBe(parseUnits('30', 6))
  })

  test('each bad input is refused with its message and nothing reaches the wallet', async ({ demo }) => {
    await connectSandboxWallet(demo)
    const prompt = demo.getByRole('dialog', { name: 'Sandbox Wallet request' })
    const cases: [{ pay?: string; receive?: string; amount: string }, RegExp][] = [
      [{ receive: 'USDC', amount: '' }, /Enter an amount/],
      [{ receive: 'USDC', amount: '100000000' }, /Not enough ETH: the balance is/],
      [{ receive: 'USDC', amount: '0.000000000000000001' }, /No route or not enough liquidity/],
    ]
    for (const [input, message] of cases) {
      const dialog = await fillSwap(demo, input)
      await dialog.getByRole('button', { name: 'Review swap' }).click()
      await expect(dialog.getByRole('alert').filter({ hasText: message })).toBeVisible()
      await expect(prompt).toHaveCount(0)
      await demo.getByRole('button', { name: 'Back' }).click()
    }
    // The same token on both sides is said at once.
    const dialog = await fillSwap(demo, { receive: 'Ether', amount: '1' })
    await expect(dialog.getByRole('alert')).toHaveText('Choose two different tokens')
  })

  test('a quote that moved beyond the slippage by the time of sending is re-quoted and asked again', async ({ demo, sandbox }) => {
    await connectSandboxWallet(demo)
    const dialog = await fillSwap(demo, { receive: 'USDC', amount: '1' })
    await expect(dialog.getByTestId('swap-quote')).toContainText(/You receive: [\d,.]+ USDC/)
    // Someone else's large swap moves the pool's price.
    const whale = createWalletClient({ account: mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 4 }), transport: http(E2E_URLS.chainA) })
    const usdc = sandbox.contracts[31337]?.USDC?.address as Address
    const query = new URLSearchParams({ projectId: 'e2e', st: 'portico', sv: 'e2e' })
    const response = await fetch(`${E2E_URLS.dataApi}/v1/convert/build-transaction?${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        amount: parseUnits('30', 18).toString(),
        eip155: { slippage: 49 },
        from: 'eip155:31337:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE',
        to: `eip155:31337:${usdc}`,
        userAddress: `eip155:31337:${whale.account.address}`,
      }),
    })
    const built = (await response.json()) as { tx: { to: string; data: `0x${string}`; value: string } }
    expect(response.status, JSON.stringify(built)).toBe(200)
    await chain.waitForTransactionReceipt({ hash: await whale.sendTransaction({ chain: null, to: built.tx.to.split(':')[2] as Address, data: built.tx.data, value: BigInt(built.tx.value) }) })
    await dialog.getByRole('button', { name: 'Review swap' }).click()
    await expect(dialog.getByRole('alert')).toContainText('The price moved')
    await expect(demo.getByRole('dialog', { name: 'Sandbox Wallet request' })).toHaveCount(0)
    // The view asks for the new quote; reviewing again goes on.
    await dialog.getByRole('button', { name: 'Review swap' }).click()
    await expect(dialog.getByRole('button', { name: 'Swap', exact: true })).toBeVisible()
  })

  test('not enough native balance for the fee is said before the wallet', async ({ demo }) => {
    await connectSandboxWallet(demo)
    const test = createTestClient({ mode: 'anvil', transport: http(E2E_URLS.chainA) })
    const ethBefore = await chain.getBalance({ address: ACCOUNT_0 })
    await test.setBalance({ address: ACCOUNT_0, value: 1000n })
    try {
      const dialog = await fillSwap(demo, { pay: 'USD Coin', receive: 'ETH', amount: '1' })
      await dialog.getByRole('button', { name: 'Review swap' }).click()
      await expect(dialog.getByRole('alert')).toHaveText('Not enough ETH to pay the network fee')
      await expect(demo.getByRole('dialog', { name: 'Sandbox Wallet request' })).toHaveCount(0)
    } finally {
      await test.setBalance({ address: ACCOUNT_0, value: ethBefore })
    }
  })
})
