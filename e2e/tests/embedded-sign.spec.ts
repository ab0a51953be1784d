import { createPublicClient, http, parseEther, verifyMessage, type Hash } from 'viem'
import { expect, test } from '../fixtures.ts'
import { approvalFrame, freshEmail, loginWithEmail, switchToEoa } from '../embedded.ts'
import { classifyRpcMethod } from '@portico/shared-types/embedded'
import { E2E_URLS } from '../ports.ts'

/** Where the demo's "Send 0.01 ETH" goes. */
const TIP_RECEIVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** What the demo's "Sign a message" asks to sign. */
const MESSAGE = 'Hello from the Portico demo'

test('"Sign a message" shows the text in the frame laid over ApproveTransaction; approved there, the signature verifies for the shown address, also after a reload', async ({
  demo: page,
  sandbox,
}) => {
  await loginWithEmail(page, sandbox, freshEmail('sign'))
  const address = await switchToEoa(page)
  await page.keyboard.press('Escape')

  for (const round of ['first', 'after reload'] as const) {
    if (round === 'after reload') {
      await page.reload()
      await expect(page.getByTestId('dapp-status')).toHaveText(`Connected ${address} on Portico Local`)
    }
    await page.getByRole('button', { name: 'Sign a message' }).click()
    const dialog = page.getByRole('dialog', { name: 'Sign Message' })
    await expect(dialog.getByTestId('approve-in-frame')).toHaveText('Review the request in the secure window')
    // The modal has no Approve of its own: the frame's is the only one.
    await expect(dialog.getByRole('button', { name: 'Approve' })).toHaveCount(0)
    const frame = await approvalFrame(page)
    await expect(frame.getByTestId('approval-message')).toHaveText(MESSAGE)
    await expect(frame.getByRole('heading', { name: 'Sign this message' })).toBeVisible()
    await frame.getByRole('button', { name: 'Approve' }).click()
    const result = page.getByTestId('sign-result')
    await expect(result).toHaveText(/^Signed: 0x/)
    const signature = (await result.getAttribute('data-signature')) as `0x${string}`
    expect(await verifyMessage({ address, message: MESSAGE, signature })).toBe(true)
  }
})

test('rejecting in the frame signs nothing', async ({ demo: page, sandbox }) => {
  await loginWithEmail(page, sandbox, freshEmail('reject'))
  await page.keyboard.press('Escape')
  const before = sandbox.frame.rpcMethods().length
  await page.getByRole('button', { name: 'Sign a message' }).click()
  const frame = await approvalFrame(page)
  await expect(frame.getByTestId('approval-message')).toHaveText(MESSAGE)
  await frame.getByRole('button', { name: 'Reject' }).click()
  await expect(page.getByTestId('sign-result')).toHaveText(/^Not signed: User rejected the request/)
  expect(await page.getByTestId('sign-result').getAttribute('data-signature')).toBeNull()
  await expect(page.locator('iframe.portico-frame-shown')).toHaveCount(0)
  // No signing request reached the frame service (reads such as eth_chainId may).
  expect(
    sandbox.frame
      .rpcMethods()
      .slice(before)
      .map((r) => r.method)
      .filter((m) => classifyRpcMethod(m) !== 'safe'),
  ).toEqual([])
})

test('"Send 0.01 ETH" through useProvider shows the frame over ApproveTransaction with network, from, to, value, fee; approved there, the transaction is mined from the embedded account', async ({
  demo: page,
  sandbox,
}) => {
  await loginWithEmail(page, sandbox, freshEmail('send'))
  const address = await switchToEoa(page)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await page.getByRole('button', { name: 'Send 0.01 ETH' }).click()
  // The modal was closed: the request opens it.
  await expect(page.getByRole('dialog', { name: 'Approve Transaction' }).getByTestId('approve-in-frame')).toBeVisible()
  const frame = await approvalFrame(page)
  await expect(frame.getByRole('heading', { name: 'Send a transaction' })).toBeVisible()
  // The receiver carries its name from the blockchain-data API (the sandbox's dev account 1 is alice.reown.id).
  await expect(frame.getByTestId('approval-summary')).toHaveText(`Send 0.01 ETH to alice.reown.id (${TIP_RECEIVER})`)
  await expect(frame.getByTestId('approval-network')).toHaveText('Portico Local (31337)')
  await expect(frame.getByTestId('approval-from')).toHaveText(address)
  await expect(frame.getByTestId('approval-to')).toHaveText(`alice.reown.id (${TIP_RECEIVER})`)
  await expect(frame.getByTestId('approval-value')).toHaveText('0.01 ETH (≈ $30.00)')
  await expect(frame.getByTestId('approval-fee')).toHaveText(/^≈ 0\.\d+ ETH \(≈ \$\d+\.\d\d\)$/)
  await frame.getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  const result = page.getByTestId('send-result')
  await expect(result).toHaveText(/^Sent: 0x[0-9a-f]{64}$/)
  const hash = (await result.textContent())!.slice('Sent: '.length) as Hash
  const receipt = await createPublicClient({ transport: http(E2E_URLS.chainA) }).waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())
  const tx = await createPublicClient({ transport: http(E2E_URLS.chainA) }).getTransaction({ hash })
  expect(tx.value).toBe(parseEther('0.01'))
})

test('switching network moves the embedded wallet too: a transaction then goes to the other chain', async ({ demo: page, sandbox }) => {
  const account = await loginWithEmail(page, sandbox, freshEmail('switch'))
  const address = await switchToEoa(page)
  await account.getByTestId('account-network-button').click()
  await page
    .getByRole('dialog', { name: 'Choose network' })
    .getByRole('button', { name: /Portico Local B/ })
    .click()
  await expect(account.getByTestId('account-network')).toHaveText('Portico Local B')
  await expect(page.getByTestId('dapp-status')).toHaveText(`Connected ${address} on Portico Local B`)
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'Send 0.01 ETH' }).click()
  const frame = await approvalFrame(page)
  await expect(frame.getByTestId('approval-network')).toHaveText('Portico Local B (31338)')
  await expect(frame.getByTestId('approval-value')).toHaveText('0.01 BEE (≈ $0.02)')
  await frame.getByRole('button', { name: 'Approve' }).click()
  const result = page.getByTestId('send-result')
  await expect(result).toHaveText(/^Sent: 0x[0-9a-f]{64}$/)
  const hash = (await result.textContent())!.slice('Sent: '.length) as Hash
  const receipt = await createPublicClient({ transport: http(E2E_URLS.chainB) }).waitForTransactionReceipt({ hash })
  expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())
})

test("closing the modal, or Escape in the frame, rejects the request; the frame's focus stays in the modal", async ({ demo: page, sandbox }) => {
  await loginWithEmail(page, sandbox, freshEmail('close'))
  await page.keyboard.press('Escape')
  const before = sandbox.frame.rpcMethods().length
  await page.getByRole('button', { name: 'Sign a message' }).click()
  let frame = await approvalFrame(page)
  await expect(frame.getByTestId('approval-message')).toHaveText(MESSAGE)
  // The focus moved into the frame; Escape there is the frame's own reject.
  await expect(page.locator('iframe.portico-frame-shown')).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('sign-result')).toHaveText(/^Not signed: /)
  await expect(page.getByRole('dialog')).toHaveCount(0)

  await page.getByRole('button', { name: 'Sign a message' }).click()
  frame = await approvalFrame(page)
  await expect(frame.getByTestId('approval-message')).toHaveText(MESSAGE)
  await page.getByRole('dialog', { name: 'Sign Message' }).getByRole('button', { name: 'Close' }).click()
  await expect(page.getByTestId('sign-result')).toHaveText(/^Not signed: User rejected the request/)
  await expect(page.locator('iframe.portico-frame-shown')).toHaveCount(0)
  expect(
    sandbox.frame
      .rpcMethods()
      .slice(before)
      .map((r) => r.method)
      .filter((m) => classifyRpcMethod(m) !== 'safe'),
  ).toEqual([])
})
