import { createPublicClient, createTestClient, createWalletClient, erc20Abi, http, parseAbi, parseEther, parseUnits, type Address } from 'viem'
import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import type { Page } from '@playwright/test'
import { expect, openSecondTab, test } from '../fixtures.ts'
import { approvalFrame, codeFor, freshEmail, loginWithEmail, mailbox, shownAddress, startEmailLogin } from '../embedded.ts'
import { E2E_URLS } from '../ports.ts'

const chain = createPublicClient({ transport: http(E2E_URLS.chainA) })
const anvil = createTestClient({ mode: 'anvil', transport: http(E2E_URLS.chainA) })

/** The Account dialog of a tab, opened from the header's account button when it is closed. */
async function accountOf(page: Page, address: Address) {
  const account = page.getByRole('dialog', { name: 'Account' })
  if (!(await account.isVisible()))
    await page
      .getByRole('button', { name: new RegExp(address.slice(0, 6)) })
      .first()
      .click()
  await expect(account).toBeVisible()
  return account
}

test('a new email user gets a smart account: shown before deployment, a sponsored send of 0.01 ETH deploys it, followed through the bundler; EOA and back in every tab', async ({
  demo: page,
  sandbox,
  context,
}) => {
  test.setTimeout(120_000)
  const account = await loginWithEmail(page, sandbox, freshEmail('smart'))
  // SPEC.md §4: a smart account by default on eip155, its counterfactual address shown before it exists on chain.
  await expect(account.getByTestId('account-type')).toHaveText('Smart account Not deployed yet')
  const smart = await shownAddress(page)
  expect(await chain.getCode({ address: smart })).toBeUndefined()
  await expect(page.getByTestId('dapp-status')).toHaveText(`Connected ${smart} on Portico Local`)

  // Funded with 1 ETH.
  await anvil.setBalance({ address: smart, value: parseEther('1') })
  const receiver = privateKeyToAccount(generatePrivateKey()).address
  await account.getByRole('button', { name: 'Send', exact: true }).click()
  const send = page.getByRole('dialog', { name: 'Send' })
  await send.getByRole('textbox', { name: /Amount/ }).fill('0.01')
  await send.getByRole('textbox', { name: /Recipient/ }).fill(receiver)
  // The project's paymaster pays the gas (SPEC.md §5: no insufficient-gas check for a smart account).
  await expect(send.getByTestId('send-fee')).toHaveText('Gas sponsored')
  await send.getByRole('button', { name: 'Review' }).click()
  await send.getByRole('button', { name: 'Send', exact: true }).click()

  // The frame's own approval of the user operation: its calls decoded, its hash, who pays the gas.
  const frame = await approvalFrame(page)
  await expect(frame.getByRole('heading', { name: 'Send a user operation' })).toBeVisible()
  await expect(frame.getByTestId('approval-summary')).toHaveText(`Send 0.01 ETH to ${receiver}`)
  await expect(frame.getByTestId('approval-from')).toHaveText(smart)
  await expect(frame.getByTestId('approval-fee')).toHaveText('Gas sponsored')
  await expect(frame.getByTestId('approval-user-operation-hash')).toHaveText(/^0x[0-9a-f]{64}$/)
  await expect(frame.getByTestId('approval-warning')).toContainText('This first operation also deploys your smart account.')
  const bundlerCallsBefore = sandbox.dataApi.requests().length
  await frame.getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByText('Transaction started')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible()

  // Exactly 0.01 ETH less (the gas was sponsored), the account deployed by its first operation.
  expect(await chain.getBalance({ address: receiver })).toBe(parseEther('0.01'))
  expect(await chain.getBalance({ address: smart })).toBe(parseEther('0.99'))
  expect((await chain.getCode({ address: smart }))?.length ?? 0).toBeGreaterThan(2)
  // The receipt came from the bundler: the core's bundler call (SPEC.md §7) answered, the wallet was not asked.
  const coreBundlerCalls = sandbox.dataApi
    .requests()
    .slice(bundlerCallsBefore)
    .filter((r) => r.path === '/v1/bundler' && r.query['st'] !== 'portico-frame')
  expect(coreBundlerCalls.length).toBeGreaterThan(0)
  expect(coreBundlerCalls.every((r) => r.status === 200 && r.query['projectId'] === 'portico-demo' && r.query['bundler'] === 'pimlico')).toBe(true)
  expect(sandbox.frame.rpcMethods().map((r) => r.method)).not.toContain('eth_getUserOperationReceipt')
  await expect(account.getByTestId('account-type')).toHaveText('Smart account Deployed')
  // Activity shows the operation like any transaction.
  await account.getByRole('tab', { name: 'Activity' }).click()
  await expect(account.getByRole('tabpanel', { name: 'Activity' }).locator('.portico-tx').filter({ hasText: '0.01 ETH' }).first()).toBeVisible({ timeout: 15_000 })

  // Switching to the EOA and back, in a second tab too: the core pushes the account to every tab.
  const second = await openSecondTab(context)
  await expect(second.getByTestId('dapp-status')).toHaveText(`Connected ${smart} on Portico Local`)
  await account.getByRole('button', { name: 'Switch to EOA' }).click()
  await expect(account.getByTestId('account-type')).toHaveText('EOA')
  const eoa = await shownAddress(page)
  expect(eoa).not.toBe(smart)
  for (const tab of [page, second]) await expect(tab.getByTestId('dapp-status')).toHaveText(`Connected ${eoa} on Portico Local`)
  const secondAccount = await accountOf(second, eoa)
  await expect(secondAccount.getByTestId('account-type')).toHaveText('EOA')
  await secondAccount.getByRole('button', { name: 'Switch to Smart Account' }).click()
  await expect(secondAccount.getByTestId('account-type')).toHaveText('Smart account Deployed')
  for (const tab of [page, second]) await expect(tab.getByTestId('dapp-status')).toHaveText(`Connected ${smart} on Portico Local`)
  await expect(account.getByTestId('account-type')).toHaveText('Smart account Deployed')
  // The preference is kept: a reload connects the smart account again.
  await second.reload()
  await expect(second.getByTestId('dapp-status')).toHaveText(`Connected ${smart} on Portico Local`)
})

test("a smart account's swap that needs an approval is one user operation of both calls, approved once in the frame", async ({ demo: page, sandbox }) => {
  test.setTimeout(120_000)
  const account = await loginWithEmail(page, sandbox, freshEmail('smart-swap'))
  await expect(account.getByTestId('account-type')).toContainText('Smart account')
  const smart = await shownAddress(page)
  // 50 USDC from dev account 0, and some ETH; no allowance for the AMM.
  const usdc = sandbox.contracts[31337]?.USDC?.address as Address
  const funder = createWalletClient({ account: mnemonicToAccount('test test test test test test test test test test test junk'), transport: http(E2E_URLS.chainA) })
  await chain.waitForTransactionReceipt({ hash: await funder.writeContract({ chain: null, address: usdc, abi: erc20Abi, functionName: 'transfer', args: [smart, parseUnits('50', 6)] }) })
  await anvil.setBalance({ address: smart, value: parseEther('1') })
  // The Account view reads the new balances.
  await page.reload()
  await expect(page.getByTestId('dapp-status')).toHaveText(`Connected ${smart} on Portico Local`)
  await (await accountOf(page, smart)).getByRole('button', { name: 'Swap', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Swap' })
  await dialog.getByRole('button', { name: /Choose the token to pay/ }).click()
  await dialog
    .getByRole('list', { name: 'You pay' })
    .getByRole('button', { name: /USD Coin/ })
    .click()
  await dialog.getByRole('button', { name: /Choose the token to receive/ }).click()
  await dialog.getByRole('searchbox', { name: 'Search tokens' }).fill('ETH')
  await dialog.getByRole('list', { name: 'You receive' }).getByRole('button', { name: /ETH/ }).first().click()
  await dialog.getByRole('textbox', { name: /Amount to pay/ }).fill('30')
  await expect(dialog.getByTestId('swap-quote')).toContainText(/You receive: [\d,.]+ ETH/)
  await dialog.getByRole('button', { name: 'Review swap' }).click()
  await dialog.getByRole('button', { name: 'Swap', exact: true }).click()
  // One step, one approval in the frame: the approval of USDC and the swap as one user operation.
  await expect(dialog.getByTestId('swap-progress')).toContainText('Step 1 of 1')
  const frame = await approvalFrame(page)
  await expect(frame.getByRole('heading', { name: 'Send a user operation' })).toBeVisible()
  await expect(frame.getByTestId('approval-summary')).toHaveText('2 calls in one operation')
  await expect(frame.getByTestId('approval-call-1-summary')).toContainText('Allow')
  await expect(frame.getByTestId('approval-fee')).toHaveText('Gas sponsored')
  await frame.getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByText('Swap started')).toBeVisible({ timeout: 30_000 })
  await expect(page.locator('iframe.portico-frame-shown')).toHaveCount(0)
  expect(await chain.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [smart] })).toBe(parseUnits('20', 6))
  expect((await chain.getCode({ address: smart }))?.length ?? 0).toBeGreaterThan(2)
})

/** The sandbox verifier's SIWX session of `address` for the demo's project (null when none). */
async function verifierSession(address: string) {
  const response = await fetch(`${E2E_URLS.dataApi}/v1/siwx/session?address=${address}&chainId=31337&projectId=portico-demo&st=e2e&sv=e2e`)
  return response.ok ? ((await response.json()) as { session: { address: string } }).session : null
}

/** Logs `email` in on the demo with sign-in required, signs the EIP-4361 message in the frame: answers the account the frame signed for. */
async function loginAndSignIn(page: Page, sandbox: Parameters<typeof mailbox>[0], email: string): Promise<Address> {
  const before = (await mailbox(sandbox, email)).length
  const connect = await startEmailLogin(page, email)
  // A second code within 30 s of the first is refused for the time it says: then asked again once it
  // passed, on the frame service's clock (moved on by that time, not waited for).
  const wait = connect.getByRole('alert').filter({ hasText: /Please try again after \d+ seconds/ })
  const codeView = page.getByRole('dialog', { name: 'Email' })
  await expect(wait.or(codeView)).toBeVisible()
  if (await wait.isVisible()) {
    const seconds = Number(/after (\d+) seconds/.exec((await wait.textContent()) ?? '')?.[1])
    expect(seconds).toBeGreaterThan(0)
    sandbox.frame.clock.advance((seconds + 1) * 1000)
    await connect.getByRole('textbox', { name: /Email/ }).press('Enter')
  }
  await page
    .getByRole('dialog', { name: 'Email' })
    .getByRole('textbox', { name: 'Code' })
    .fill(await codeFor(sandbox, email, before))
  const signIn = page.getByRole('dialog', { name: 'Sign In' })
  await signIn.getByRole('button', { name: 'Sign', exact: true }).click()
  // The frame shows the EIP-4361 message for the smart account (SPEC.md §4: the default account type on eip155).
  const frame = await approvalFrame(page)
  await expect(frame.getByRole('heading', { name: 'Sign this message' })).toBeVisible()
  const from = (await frame.getByTestId('approval-account').textContent())?.trim() as Address
  expect(from).toMatch(/^0x[0-9a-fA-F]{40}$/)
  await frame.getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByTestId('siwx-status')).toContainText(`Signed in as ${from}`, { timeout: 30_000 })
  await expect(page.getByText('This application might not support Smart Accounts')).toHaveCount(0)
  return from
}

test("a new email user signs in (SIWX) with its smart account before it is deployed (EIP-6492) and after (EIP-1271): the verifier's session names the smart account", async ({
  demo: page,
  sandbox,
}) => {
  test.setTimeout(120_000)
  await page.goto('/?siwx=required')
  const email = freshEmail('smart-siwx')
  const from = await loginAndSignIn(page, sandbox, email)

  // The signer is the smart account, not the key's EOA, and it is still counterfactual: the verifier
  // checked the owner's signature through EIP-6492 (its factory's deployment simulated, nothing deployed).
  expect(await verifierSession(from)).toMatchObject({ address: from })
  await page
    .getByRole('button', { name: new RegExp(from.slice(0, 6)) })
    .first()
    .click()
  const account = page.getByRole('dialog', { name: 'Account' })
  await expect(account.getByTestId('account-type')).toHaveText('Smart account Not deployed yet')
  expect(await shownAddress(page)).toBe(from)
  expect(await chain.getCode({ address: from })).toBeUndefined()

  // Deployed by anyone through its factory (the call EIP-6492 simulated), for the owner: the key the frame keeps for this email.
  const [user] = await sandbox.frame.store.db.query<{ address: Address }>('SELECT address FROM users WHERE email = $1', [email])
  const owner = user!.address
  const deployer = privateKeyToAccount(generatePrivateKey())
  await anvil.setBalance({ address: deployer.address, value: parseEther('1') })
  const wallet = createWalletClient({ account: deployer, transport: http(E2E_URLS.chainA) })
  const factoryAbi = parseAbi(['function createAccount(address owner, uint256 salt) returns (address)', 'function getAddress(address owner, uint256 salt) view returns (address)'])
  const factory = '0x3B8b423BcE0128772670d1d760533eCdDE87a668'
  expect(await chain.readContract({ address: factory, abi: factoryAbi, functionName: 'getAddress', args: [owner, 0n] })).toBe(from)
  await chain.waitForTransactionReceipt({ hash: await wallet.writeContract({ chain: null, address: factory, abi: factoryAbi, functionName: 'createAccount', args: [owner, 0n] }) })
  expect((await chain.getCode({ address: from }))?.length ?? 0).toBeGreaterThan(2)

  // Signed out (disconnect) and in again: now the owner's plain signature, checked by the account's isValidSignature (EIP-1271).
  await account.getByRole('button', { name: /^Sign out/ }).click()
  await expect(page.getByTestId('dapp-status')).toHaveText('Not connected')
  await expect.poll(() => verifierSession(from)).toBeNull()
  await page.keyboard.press('Escape')
  expect(await loginAndSignIn(page, sandbox, email)).toBe(from)
  expect(await verifierSession(from)).toMatchObject({ address: from })
})
