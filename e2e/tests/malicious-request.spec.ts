import type { Page } from '@playwright/test'
import { createPublicClient, createWalletClient, erc20Abi, http, parseAbi, parseUnits } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { classifyRpcMethod } from '@portico/shared-types/embedded'
import { DEV_MNEMONIC, SANDBOX_DRAINER_TARGETS, SOLANA_DRAINER_ADDRESS, usdcTokenAccount } from '@portico/sandbox'
import { expect, test } from '../fixtures.ts'
import { APPROVAL_FRAME, freshEmail, loginOnSolana, loginWithEmail, shownAddress } from '../embedded.ts'
import { E2E_URLS } from '../ports.ts'

const chain = createPublicClient({ transport: http(E2E_URLS.chainA) })
const targets = SANDBOX_DRAINER_TARGETS[31337]!
const collectionAbi = parseAbi(['function isApprovedForAll(address holder, address operator) view returns (bool)'])

/**
 * The unsafe methods the frame service was asked to run since `before`: reads are not signatures, and
 * neither is preparing a user operation to show it (`userOperationPrepare`; `userOperationSend` signs).
 */
const signedSince = (sandbox: { frame: { rpcMethods(): { method: string }[] } }, before: number) =>
  sandbox.frame
    .rpcMethods()
    .slice(before)
    .map((r) => r.method)
    .filter((m) => classifyRpcMethod(m) !== 'safe' && m !== 'userOperationPrepare')

/** The embedded wallet's approval once the page shows it. */
async function shownFrame(page: Page) {
  await expect(page.locator(APPROVAL_FRAME)).toBeVisible()
  return page.frameLocator(APPROVAL_FRAME)
}

/** The demo's button, found as a visitor finds it; answers its one-line explanation too. */
async function tryMaliciousRequest(page: Page) {
  const button = page.getByRole('button', { name: 'Try a malicious request' })
  await expect(button).toHaveAccessibleDescription(/your wallet should warn you, and you should reject/)
  await expect(page.getByRole('region', { name: 'Demonstration: a malicious request' })).toBeVisible()
  await button.click()
}

test("an email visitor's Try a malicious request: the frame shows −100 USDC, the unlimited approval to the Sandbox Drainer and its warning (Approve off until it is marked read), then every NFT; Reject leaves the account as it was", async ({
  demo: page,
  sandbox,
}) => {
  test.setTimeout(120_000)
  const account = await loginWithEmail(page, sandbox, freshEmail('drainer'))
  await expect(account.getByTestId('account-type')).toContainText('Smart account')
  const smart = await shownAddress(page)
  // 100 USDC from dev account 0: what the drainer would take.
  const funder = createWalletClient({ account: mnemonicToAccount(DEV_MNEMONIC), transport: http(E2E_URLS.chainA) })
  const hash = await funder.writeContract({ chain: null, address: targets.usdc, abi: erc20Abi, functionName: 'transfer', args: [smart, parseUnits('100', 6)] })
  await chain.waitForTransactionReceipt({ hash })
  await page.keyboard.press('Escape')
  const before = sandbox.frame.rpcMethods().length

  // The smart account runs atomic batches (wallet_getCapabilities): one wallet_sendCalls of approve and drain, one user operation.
  await tryMaliciousRequest(page)
  // Not approvalFrame's rested pointer: this approval waits for its dangers to be marked read first.
  const frame = await shownFrame(page)
  await expect(frame.getByRole('heading', { name: 'Send a user operation' })).toBeVisible()
  await expect(frame.getByTestId('approval-summary')).toHaveText('2 calls in one operation')
  const changes = frame.getByRole('region', { name: 'Balance changes' })
  await expect(changes.getByTestId('approval-change')).toHaveText(['−100 USDC', `Unlimited approval to ${targets.drainer} for your USDC`])
  await expect(frame.getByTestId('approval-call-1-summary')).toHaveText(`Allow ${targets.drainer} to spend unlimited USDC`)
  // The allowance is a danger to be marked read: Approve stays off until the visitor says they read it.
  await expect(frame.getByTestId('approval-danger')).toHaveText([`Unlimited approval: ${targets.drainer} can spend all of your USDC, now and later.`])
  await expect(frame.getByTestId('approval-approve')).toHaveAttribute('data-blocked', 'unread')
  await frame.getByTestId('approval-danger-read').focus()
  await page.keyboard.press('Space')
  await expect(frame.getByTestId('approval-approve')).not.toHaveAttribute('data-blocked', 'unread')
  await page.screenshot({ path: test.info().outputPath('malicious-request-usdc.png') })
  // Rejected from the keyboard: Chromium may drop a pointer's click that comes at once onto a
  // cross-origin frame watching its own visibility (IntersectionObserver v2), as this approval does.
  await frame.getByRole('button', { name: 'Reject' }).focus()
  await page.keyboard.press('Enter')
  const result = page.getByTestId('malicious-result')
  await expect(result.getByRole('listitem').first()).toHaveText('USDC: rejected. Nothing was given away.')

  // Then setApprovalForAll on the Portico Pioneers collection: every NFT, now and later.
  await expect(page.locator(APPROVAL_FRAME)).toBeVisible()
  const nfts = await shownFrame(page)
  await expect(nfts.getByRole('region', { name: 'Balance changes' }).getByTestId('approval-change')).toHaveText([`Approval to ${targets.drainer} for every PIONEER NFT you hold, now and later`])
  await expect(nfts.getByTestId('approval-danger')).toContainText([`Unlimited approval: ${targets.drainer} can spend all of your`])
  await expect(nfts.getByTestId('approval-approve')).toHaveAttribute('data-blocked', 'unread')
  // Rejected from the keyboard (the frame is laid out again over the modal as its simulation answers).
  await nfts.getByRole('button', { name: 'Reject' }).focus()
  await page.keyboard.press('Enter')
  await expect(result.getByRole('listitem')).toHaveText(['USDC: rejected. Nothing was given away.', 'NFTs: rejected. Nothing was given away.'])
  await expect(page.locator(APPROVAL_FRAME)).toHaveCount(0)

  // Nothing signed, nothing moved: the 100 USDC, no allowance, no operator.
  expect(signedSince(sandbox, before)).toEqual([])
  expect(await chain.readContract({ address: targets.usdc, abi: erc20Abi, functionName: 'balanceOf', args: [smart] })).toBe(parseUnits('100', 6))
  expect(await chain.readContract({ address: targets.usdc, abi: erc20Abi, functionName: 'allowance', args: [smart, targets.drainer] })).toBe(0n)
  expect(await chain.readContract({ address: targets.collection, abi: collectionAbi, functionName: 'isApprovedForAll', args: [smart, targets.drainer] })).toBe(false)
})

test("on the Solana Localnet: SetAuthority of the visitor's USDC account is named as handing it over, Approve waits until that is marked read, Reject signs nothing", async ({
  demo: page,
  sandbox,
}) => {
  test.setTimeout(120_000)
  const { address } = await loginOnSolana(page, sandbox, freshEmail('drainer-solana'))
  await page.keyboard.press('Escape')
  const before = sandbox.frame.rpcMethods().length

  await tryMaliciousRequest(page)
  await expect(page.locator(APPROVAL_FRAME)).toBeVisible()
  const frame = page.frameLocator(APPROVAL_FRAME)
  await expect(frame.getByRole('heading', { name: 'Send a Solana transaction' })).toBeVisible()
  const tokenAccount = await usdcTokenAccount(address as Parameters<typeof usdcTokenAccount>[0])
  const dangers = frame.getByRole('region', { name: 'This request hands over control' })
  await expect(dangers.getByTestId('approval-danger')).toHaveText([`Gives control of token account ${tokenAccount} to ${SOLANA_DRAINER_ADDRESS}: they can then move or close it.`])
  const approve = frame.getByTestId('approval-approve')
  await expect(approve).toHaveAttribute('data-blocked', 'unread')
  await expect(approve).toBeDisabled()
  // Marked read with the keyboard (every block the approval asks to be read: its simulation may say it would fail too,
  // as this account holds no USDC yet), it may arm; the visitor rejects all the same.
  await expect(frame.getByTestId('approval-simulating')).toHaveCount(0)
  const boxes = frame.locator('input[data-read-check]')
  for (let i = 0; i < (await boxes.count()); i++) {
    await boxes.nth(i).focus()
    await page.keyboard.press('Space')
    await expect(boxes.nth(i)).toBeChecked()
  }
  await expect(frame.getByRole('checkbox', { name: 'I have read what this gives away' })).toBeChecked()
  await expect(approve).not.toHaveAttribute('data-blocked', 'unread')
  await page.screenshot({ path: test.info().outputPath('malicious-request-solana.png') })
  await frame.getByRole('button', { name: 'Reject' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('malicious-result').getByRole('listitem')).toHaveText(['USDC account: rejected. Nothing was given away.'])
  await expect(page.locator(APPROVAL_FRAME)).toHaveCount(0)
  expect(signedSince(sandbox, before)).toEqual([])
})
