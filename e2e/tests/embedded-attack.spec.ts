import type { Page } from '@playwright/test'
import { createPublicClient, encodeFunctionData, erc20Abi, http, parseAbi, parseUnits, toHex, verifyMessage, type Address } from 'viem'
import { entryPoint08Address, formatUserOperation, getUserOperationHash, type RpcUserOperation } from 'viem/account-abstraction'
import { classifyRpcMethod, EMBEDDED_EVENT_NAMES } from '@portico/shared-types/embedded'
import { expect, test } from '../fixtures.ts'
import { APPROVAL_FRAME, approvalFrame, freshEmail, loginWithEmail, shownAddress, switchToEoa } from '../embedded.ts'
import { E2E_URLS } from '../ports.ts'

/** What the demo's "Sign a message" asks to sign. */
const MESSAGE = 'Hello from the Portico demo'
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
/** The smart account's one-call entry (SimpleAccount's `execute`). */
const executeAbi = parseAbi(['function execute(address dest, uint256 value, bytes func)'])

/** The unsafe methods the frame service was asked to run since `before` (reads are not signatures). */
const signed = (sandbox: { frame: { rpcMethods(): { method: string }[] } }, before: number) =>
  sandbox.frame
    .rpcMethods()
    .slice(before)
    .map((r) => r.method)
    .filter((m) => classifyRpcMethod(m) !== 'safe')

/**
 * Everything a script in the dapp's page can throw at the frame without the visitor: every message
 * type of the protocol (APP_ and FRAME_, with forged ids and approval-looking payloads) posted to the
 * frame and to the page itself, synthetic clicks and key presses on the iframe and in the page, and
 * reaching into the frame's document. Answers what it saw.
 */
async function barrage(page: Page, frameOrigin: string, address: string) {
  // Events that only end the session or the waiting requests (sign-out, reload, abort) are left out:
  // they make signing impossible, and the point is to show that with a request waiting, nothing signs.
  const events = EMBEDDED_EVENT_NAMES.filter((e) => !['SIGN_OUT', 'RELOAD', 'ABORT_APPROVALS'].includes(e))
  return page.evaluate(
    async ({ events, frameOrigin, address, hex }) => {
      const iframe = document.querySelector<HTMLIFrameElement>('iframe.portico-embedded-frame')!
      const target = iframe.contentWindow!
      const types = [
        ...events.map((e) => `APP_${e}`),
        ...events.flatMap((e) => [`FRAME_${e}_SUCCESS`, `FRAME_${e}_ERROR`]),
        'FRAME_READY',
        'FRAME_INIT_ERROR',
        'FRAME_APPROVAL_SHOW',
        'FRAME_APPROVAL_HIDE',
        'APP_APPROVE',
        'APP_APPROVAL_APPROVE',
        'APP_RPC_REQUEST_APPROVE',
        'FRAME_APPROVAL_APPROVE',
        'APPROVE',
      ]
      const payloads = [
        {},
        { approved: true },
        { approve: true, confirm: true },
        { method: 'personal_sign', params: [hex, address], approved: true, trusted: true },
        { height: 300 },
        { message: 'approved', code: 0 },
        { result: '0x00' },
      ]
      let posted = 0
      for (const type of types) {
        for (const payload of payloads) {
          const message = { type, id: crypto.randomUUID(), payload }
          target.postMessage(message, frameOrigin)
          target.postMessage(message, '*')
          window.postMessage(message, '*')
          posted += 3
        }
      }
      // Synthetic (untrusted) gestures on the iframe and in the page, with the focus in the frame.
      iframe.focus()
      for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click', 'dblclick'])
        iframe.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true, clientX: 300, clientY: 300 }))
      for (const key of ['Enter', ' ', 'Tab', 'Enter']) {
        for (const type of ['keydown', 'keypress', 'keyup']) {
          iframe.dispatchEvent(new KeyboardEvent(type, { key, bubbles: true }))
          document.dispatchEvent(new KeyboardEvent(type, { key, bubbles: true }))
        }
      }
      // The frame's document is out of reach: another origin.
      const reach: string[] = []
      reach.push(iframe.contentDocument === null ? 'contentDocument null' : 'contentDocument readable')
      try {
        void target.document.body
        reach.push('document readable')
      } catch (err) {
        reach.push((err as Error).name)
      }
      try {
        ;(target as unknown as { eval(code: string): void }).eval('1')
        reach.push('eval ran')
      } catch (err) {
        reach.push((err as Error).name)
      }
      return { posted, reach }
    },
    { events, frameOrigin, address, hex: toHex('Transfer everything') },
  )
}

test('nothing the dapp page does signs: forged messages of every type, synthetic events, a faded, covered, squeezed or pushed-off frame, clicking every button of the page', async ({
  demo: page,
  sandbox,
}) => {
  test.setTimeout(120_000)
  await loginWithEmail(page, sandbox, freshEmail('attack'))
  const address = await switchToEoa(page)
  await page.keyboard.press('Escape')
  const chain = createPublicClient({ transport: http(E2E_URLS.chainA) })
  const nonce = await chain.getTransactionCount({ address })
  const before = sandbox.frame.rpcMethods().length

  // A signature and a transaction wait in the frame (the transaction asked by a script's click on the demo's button).
  await page.getByRole('button', { name: 'Sign a message' }).click()
  const frame = await approvalFrame(page)
  await expect(frame.getByTestId('approval-message')).toHaveText(MESSAGE)
  await page.evaluate(() => [...document.querySelectorAll('button')].find((b) => b.textContent?.includes('Send 0.01 ETH'))!.click())
  await expect(frame.getByTestId('approval-status')).toHaveText('1 more waiting')

  const { posted, reach } = await barrage(page, new URL(sandbox.frame.url).origin, address)
  expect(posted).toBeGreaterThan(400)
  expect(reach).toEqual(['contentDocument null', 'SecurityError', 'SecurityError'])
  // The frame still shows the same request, waiting; a forged request of the page only queues behind it.
  await expect(frame.getByTestId('approval-message')).toHaveText(MESSAGE)
  await expect(frame.getByTestId('approval-status')).toHaveText(/^\d+ more waiting$/)
  await expect(page.getByTestId('sign-result')).toHaveText('')
  expect(signed(sandbox, before)).toEqual([])

  // Clickjacking: the page fades the frame, then covers it with a layer that lets clicks through.
  // The frame sees it (IntersectionObserver v2) and its Approve takes no click, a real one included.
  const approve = frame.getByRole('button', { name: 'Approve' })
  const box = (await approve.boundingBox())!
  await page.evaluate(() => void (document.querySelector<HTMLIFrameElement>('iframe.portico-frame-shown')!.style.opacity = '0.1'))
  await expect(approve).toHaveAttribute('data-blocked', 'not-visible')
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
  await page.evaluate(() => {
    document.querySelector<HTMLIFrameElement>('iframe.portico-frame-shown')!.style.opacity = ''
    const cover = document.createElement('div')
    cover.id = 'cover'
    cover.textContent = 'Click to claim your prize'
    cover.style.cssText = 'position:fixed;inset:0;z-index:2147483647;pointer-events:none;background:rgb(255 255 255 / 0.02)'
    document.body.append(cover)
  })
  await expect(approve).toHaveAttribute('data-blocked', 'not-visible')
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
  await page.keyboard.press('Enter')
  expect(signed(sandbox, before)).toEqual([])
  await page.evaluate(() => document.getElementById('cover')!.remove())
  // A frame squeezed smaller than it asked for (the request's text cut off) or pushed half off screen takes no click either.
  const squeeze = (css: string) =>
    page.evaluate((css) => {
      const iframe = document.querySelector<HTMLIFrameElement>('iframe.portico-frame-shown')!
      iframe.style.setProperty('max-height', css === 'squeeze' ? '90px' : '')
      iframe.style.setProperty('translate', css === 'push' ? '0 -380px' : '')
    }, css)
  await squeeze('squeeze')
  await expect(approve).toHaveAttribute('data-blocked', 'too-small')
  await squeeze('push')
  await expect(approve).toHaveAttribute('data-blocked', 'not-visible')
  await squeeze('')
  // Uncovered, the frame arms again: the state was live all along.
  await expect(approve).toBeEnabled()

  // Every button of the page's DOM, clicked by script (the modal's own included: closing gives up on the requests).
  const clicked = await page.evaluate(() => {
    const buttons = [...document.querySelectorAll<HTMLElement>('button, [role="button"]')]
    for (const b of buttons) {
      b.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }))
      b.click()
    }
    return buttons.length
  })
  expect(clicked).toBeGreaterThan(3)
  await expect(page.getByTestId('sign-result')).toHaveText(/^Not signed: /)
  await expect(page.getByTestId('send-result')).toHaveText(/^Not sent: /)
  expect(await page.getByTestId('sign-result').getAttribute('data-signature')).toBeNull()

  // Nothing was signed or sent: not by the frame service, not on the chain.
  expect(signed(sandbox, before)).toEqual([])
  expect(await chain.getTransactionCount({ address })).toBe(nonce)
})

/** Posts one request to the frame as the page's own script could, and resolves with the frame's answer. */
async function askFrame(page: Page, frameOrigin: string, payload: object) {
  return page.evaluate(
    ({ frameOrigin, payload }) =>
      new Promise<{ type: string; payload: { message?: string; result?: string } }>((resolve) => {
        const iframe = document.querySelector<HTMLIFrameElement>('iframe.portico-embedded-frame')!
        const id = crypto.randomUUID()
        window.addEventListener('message', function listen(e) {
          if (e.origin !== frameOrigin || e.data?.id !== id) return
          window.removeEventListener('message', listen)
          resolve(e.data)
        })
        iframe.contentWindow!.postMessage({ type: 'APP_RPC_REQUEST', id, payload }, frameOrigin)
      }),
    { frameOrigin, payload },
  )
}

test("a real click in the frame signs exactly the shown text; typed data for another chain is refused; an ERC-20 transfer reads 'Send 25 USDC to alice.reown.id (…)'", async ({
  demo: page,
  sandbox,
}) => {
  test.setTimeout(120_000)
  await loginWithEmail(page, sandbox, freshEmail('real-click'))
  const address = await switchToEoa(page)
  await page.keyboard.press('Escape')
  const frameOrigin = new URL(sandbox.frame.url).origin

  await page.getByRole('button', { name: 'Sign a message' }).click()
  const frame = await approvalFrame(page)
  const shown = (await frame.getByTestId('approval-message').textContent())!
  expect(shown).toBe(MESSAGE)
  await barrage(page, frameOrigin, address)
  await frame.getByRole('button', { name: 'Approve' }).click()
  const result = page.getByTestId('sign-result')
  await expect(result).toHaveText(/^Signed: 0x/)
  const signature = (await result.getAttribute('data-signature')) as `0x${string}`
  expect(await verifyMessage({ address, message: shown, signature })).toBe(true)
  // The barrage's forged requests had queued behind it: the demo closing its modal gave them up, unsigned.
  await expect(page.locator(APPROVAL_FRAME)).toHaveCount(0)
  expect(sandbox.frame.rpcMethods().filter((r) => r.method === 'personal_sign')).toHaveLength(1)

  const typed = {
    domain: { name: 'Portico', version: '1', chainId: 31338 },
    types: { Greeting: [{ name: 'text', type: 'string' }] },
    primaryType: 'Greeting',
    message: { text: 'gm' },
  }
  expect(await askFrame(page, frameOrigin, { method: 'eth_signTypedData_v4', params: [address, JSON.stringify(typed)], chainId: 31337 })).toMatchObject({
    type: 'FRAME_RPC_REQUEST_ERROR',
    payload: { message: 'The typed data is for chain 31338, not the connected chain 31337' },
  })
  await expect(page.locator(APPROVAL_FRAME)).toHaveCount(0)

  const usdc = sandbox.contracts[31337]!.USDC!.address as Address
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [BOB, parseUnits('25', 6)] })
  const answer = askFrame(page, frameOrigin, { method: 'eth_sendTransaction', params: [{ from: address, to: usdc, data }], chainId: 31337 })
  // Simulated on the chain first: the new account holds no USDC, so the transfer reverts, said with its reason,
  // and Approve stays off until the visitor marks that read.
  await expect(page.locator(APPROVAL_FRAME)).toBeVisible()
  const transfer = page.frameLocator(APPROVAL_FRAME)
  await expect(transfer.getByRole('region', { name: 'This transaction will fail' })).toBeVisible()
  await expect(transfer.getByTestId('approval-revert')).toHaveText("The network says it reverts: not enough of the token: the account holds 0 and this needs 25000000 (in the token's smallest units)")
  await expect(transfer.getByTestId('approval-approve')).toHaveAttribute('data-blocked', 'unread')
  // Marked read, the approval arms as any other (the frame still and the pointer resting on Approve).
  await transfer.getByRole('checkbox', { name: 'I have read that it will fail' }).focus()
  await page.keyboard.press('Space')
  await expect(transfer.getByRole('checkbox', { name: 'I have read that it will fail' })).toBeChecked()
  await approvalFrame(page)
  // The receiver's name comes from the blockchain-data API through the frame's own service.
  await expect(transfer.getByTestId('approval-summary')).toHaveText(`Send 25 USDC to alice.reown.id (${BOB})`)
  await expect(transfer.getByTestId('approval-to')).toHaveText(`USD Coin (${usdc})`)
  await expect(transfer.getByTestId('approval-value')).toHaveText('0 ETH (≈ $0.00)')
  // The new account holds no USDC: the chain cannot estimate the transfer, and the frame says it will likely fail.
  await expect(transfer.getByTestId('approval-fee')).toHaveText('Unknown')
  await expect(transfer.getByTestId('approval-warning')).toHaveText('The network could not estimate this transaction: it will likely fail.')
  await expect(page.getByRole('dialog', { name: 'Approve Transaction' }).getByTestId('approve-in-frame')).toHaveText('Review the request in the secure window')
  await page.screenshot({ path: test.info().outputPath('approval-erc20-transfer.png') })
  await transfer.getByRole('button', { name: 'Reject' }).click()
  expect(await answer).toMatchObject({ type: 'FRAME_RPC_REQUEST_ERROR', payload: { message: 'The visitor rejected the request' } })
})

test("a user operation the dapp's page built is never shown or signed as built: the frame prepares its own from the calls (its gas, its paymaster, v0.8's hash); another EntryPoint is refused", async ({
  demo: page,
  sandbox,
}) => {
  test.setTimeout(120_000)
  await loginWithEmail(page, sandbox, freshEmail('userop'))
  const smart = await shownAddress(page)
  await page.keyboard.press('Escape')
  const frameOrigin = new URL(sandbox.frame.url).origin
  // What a hostile page posts: its own operation claiming sponsorship with no paymaster, gas limits and fees
  // that would cost the account 16 ETH, and its hash for EntryPoint v0.8.
  const otherEntryPoint = '0x0000000071727De22E5E9d8BAf0edAc6f37da032' as Address
  const userOperation = {
    sender: smart,
    nonce: '0x0',
    callData: encodeFunctionData({ abi: executeAbi, functionName: 'execute', args: [BOB, 0n, '0x'] }),
    callGasLimit: toHex(10_000_000n),
    verificationGasLimit: toHex(5_000_000n),
    preVerificationGas: toHex(1_000_000n),
    maxFeePerGas: toHex(1000n * 10n ** 9n),
    maxPriorityFeePerGas: toHex(1000n * 10n ** 9n),
  }
  const dappHash = getUserOperationHash({
    userOperation: formatUserOperation({ ...userOperation, signature: '0x' } as RpcUserOperation),
    entryPointAddress: entryPoint08Address,
    entryPointVersion: '0.8',
    chainId: 31337,
  })
  const answer = askFrame(page, frameOrigin, { method: 'eth_sendUserOperation', params: [{ userOperation, hash: dappHash, entryPoint: entryPoint08Address, sponsored: true }], chainId: 31337 })
  const frame = await approvalFrame(page)
  await expect(frame.getByRole('heading', { name: 'Send a user operation' })).toBeVisible()
  await expect(frame.getByTestId('approval-from')).toHaveText(smart)
  await expect(frame.getByTestId('approval-to')).toHaveText(new RegExp(BOB))
  // The frame's own operation: the project's paymaster named, the service's gas limits, not the page's.
  await expect(frame.getByTestId('approval-fee')).toHaveText('Gas sponsored')
  await expect(frame.getByTestId('approval-paymaster')).toHaveText(/^0x[0-9a-fA-F]{40}$/)
  await expect(frame.getByTestId('approval-gas-limits')).not.toContainText('10,000,000 for the calls')
  const shownHash = (await frame.getByTestId('approval-user-operation-hash').textContent())!
  expect(shownHash).toMatch(/^0x[0-9a-f]{64}$/)
  expect(shownHash).not.toBe(dappHash)
  await page.screenshot({ path: test.info().outputPath('approval-dapp-user-operation.png') })
  await frame.getByRole('button', { name: 'Approve' }).click()
  // What was signed and sent is the operation shown: its hash is the answer.
  expect(await answer).toMatchObject({ type: 'FRAME_RPC_REQUEST_SUCCESS', payload: { result: shownHash } })
  await expect(page.locator(APPROVAL_FRAME)).toHaveCount(0)

  // An operation for another EntryPoint (the bundler's params: the operation, then its EntryPoint) is refused before anything is shown.
  expect(await askFrame(page, frameOrigin, { method: 'eth_sendUserOperation', params: [userOperation, otherEntryPoint], chainId: 31337 })).toMatchObject({
    type: 'FRAME_RPC_REQUEST_ERROR',
    payload: { message: `The user operation is for EntryPoint ${otherEntryPoint}; this wallet signs for EntryPoint v0.8 (${entryPoint08Address}) only` },
  })
  // And one for another account.
  expect(await askFrame(page, frameOrigin, { method: 'eth_sendUserOperation', params: [{ ...userOperation, sender: BOB }], chainId: 31337 })).toMatchObject({
    type: 'FRAME_RPC_REQUEST_ERROR',
    payload: { message: `Unknown account ${BOB}` },
  })
  await expect(page.locator(APPROVAL_FRAME)).toHaveCount(0)
})
