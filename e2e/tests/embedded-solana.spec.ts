import { createPublicKey, verify } from 'node:crypto'
import type { Page } from '@playwright/test'
import { getBase58Encoder } from '@solana/codecs-strings'
import {
  AccountRole,
  address as toAddress,
  appendTransactionMessageInstructions,
  compileTransaction,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Blockhash,
} from '@solana/kit'
import { FRAME_SOLANA_FUNDING, solanaService } from '@portico/sandbox'
import { expect, sendFromAccount, test } from '../fixtures.ts'
import { APPROVAL_FRAME, approvalFrame, freshEmail, loginOnSolana } from '../embedded.ts'

/** The Solana methods the frame service was asked to sign since `before`. */
const solanaSigned = (sandbox: { frame: { rpcMethods(): { method: string }[] } }, before: number) =>
  sandbox.frame
    .rpcMethods()
    .slice(before)
    .map((r) => r.method)
    .filter((m) => m.startsWith('solana_'))

/** Posts one Solana request to the frame as a script in the dapp's page could; resolves with the frame's answer. */
function askFrame(page: Page, frameOrigin: string, payload: object) {
  return page.evaluate(
    ({ frameOrigin, payload }) =>
      new Promise<{ type: string; payload: { message?: string; result?: unknown } }>((resolve) => {
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

/** An unsigned System transfer of `lamports` from `from` (also its fee payer) to `to`, base64, built by hand. */
function transfer(from: string, to: string, lamports: bigint): string {
  const data = new Uint8Array(12)
  const view = new DataView(data.buffer)
  view.setUint32(0, 2, true)
  view.setBigUint64(4, lamports, true)
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(toAddress(from), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: 'CVKvLJxd3XizetK5FTJT3EZAi4RhiiK4sEoATNex9cKu' as Blockhash, lastValidBlockHeight: 1n }, m),
    (m) =>
      appendTransactionMessageInstructions(
        [
          {
            programAddress: toAddress('11111111111111111111111111111111'),
            accounts: [
              { address: toAddress(from), role: AccountRole.WRITABLE_SIGNER },
              { address: toAddress(to), role: AccountRole.WRITABLE },
            ],
            data,
          },
        ],
        m,
      ),
  )
  return getBase64EncodedWireTransaction(compileTransaction(message))
}

test.describe('the embedded wallet’s Solana account', () => {
  test('a new email user on Solana Localnet sees its Solana account, funded by the sandbox; it sends 0.1 SOL approved in the frame and the chain confirms it', async ({ page, sandbox }) => {
    test.setTimeout(120_000)
    const solana = sandbox.service(solanaService)
    const { account, address } = await loginOnSolana(page, sandbox, freshEmail('solana'))
    // The sandbox's faucet funds each new user's Solana account (as anvil funds its EVM accounts): the first read shows it.
    expect(solana.balances(address).lamports).toBe(FRAME_SOLANA_FUNDING)
    await expect(account.getByTestId('account-balance')).toHaveText(/^10(\.0+)? SOL$/)

    const receiver = solana.devAccounts[7]!.address
    const before = solana.balances(receiver).lamports
    await sendFromAccount(page, account, '0.1', receiver)

    // The frame's own approval shows what is signed: the SOL amount and the receiver, decoded from the transaction.
    const frame = await approvalFrame(page)
    await expect(frame.getByTestId('approval-summary')).toHaveText(`Send 0.1 SOL to ${receiver}`)
    await expect(frame.getByTestId('approval-account')).toHaveText(address)
    await expect(frame.getByTestId('approval-network')).toHaveText('Solana Localnet')
    await frame.getByRole('button', { name: 'Approve' }).click()
    await expect(page.getByText('Transaction started')).toBeVisible()
    await expect.poll(() => solana.balances(receiver).lamports).toBe(before + 100_000_000n)
    await expect(page.locator(APPROVAL_FRAME)).toHaveCount(0)
    // The balances are read again once the send is confirmed: 10 SOL less 0.1 and the fee.
    const left = solana.balances(address).lamports
    expect(left).toBe(FRAME_SOLANA_FUNDING - 100_000_000n - 5_000n)
    await expect(page.getByRole('dialog', { name: 'Account' }).getByTestId('account-balance')).toHaveText(/^9\.9\d* SOL$/)

    // A reload keeps the Solana account (the frame still has the session); signing out ends it.
    await page.reload()
    await page
      .getByRole('button', { name: new RegExp(address.slice(0, 4)) })
      .first()
      .click()
    await expect(account.getByTestId('account-address')).toHaveAttribute('title', address)
    await account.getByRole('button', { name: /Sign out/ }).click()
    await expect(page.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible()
  })

  test('a script in the dapp’s page gets no Solana signature without the visitor’s click in the frame', async ({ page, sandbox }) => {
    test.setTimeout(120_000)
    const solana = sandbox.service(solanaService)
    const { address } = await loginOnSolana(page, sandbox, freshEmail('solana-attack'))
    await page.keyboard.press('Escape')
    const frameOrigin = new URL(sandbox.frame.url).origin
    const before = sandbox.frame.rpcMethods().length
    const message = 'Transfer everything'
    const base58Message = await page.evaluate(async (text) => {
      // base58 of the text's bytes, in the page (the dapp's own code could do the same).
      const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
      let n = 0n
      for (const b of new TextEncoder().encode(text)) n = n * 256n + BigInt(b)
      let out = ''
      while (n > 0n) {
        out = alphabet[Number(n % 58n)] + out
        n /= 58n
      }
      return out
    }, message)

    // The page asks the frame itself: the request waits in the frame's approval, showing the message.
    const answer = askFrame(page, frameOrigin, { method: 'solana_signMessage', params: [{ message: base58Message, pubkey: address }], chainId: solana.caipNetworkId })
    const frame = await approvalFrame(page)
    await expect(frame.getByTestId('approval-message')).toHaveText(message)

    // Forged approvals, synthetic clicks and keys on the iframe: nothing signs.
    await page.evaluate((frameOrigin) => {
      const iframe = document.querySelector<HTMLIFrameElement>('iframe.portico-embedded-frame')!
      for (const type of ['APP_APPROVE', 'APP_RPC_REQUEST_APPROVE', 'FRAME_APPROVAL_APPROVE', 'FRAME_RPC_REQUEST_SUCCESS', 'APPROVE']) {
        for (const payload of [{}, { approved: true }, { result: { signature: '1'.repeat(88) } }]) {
          iframe.contentWindow!.postMessage({ type, id: crypto.randomUUID(), payload }, frameOrigin)
          window.postMessage({ type, id: crypto.randomUUID(), payload }, '*')
        }
      }
      iframe.focus()
      for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click']) iframe.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true, clientX: 300, clientY: 300 }))
      for (const type of ['keydown', 'keypress', 'keyup']) iframe.dispatchEvent(new KeyboardEvent(type, { key: 'Enter', bubbles: true }))
    }, frameOrigin)
    // Covered by a layer that lets clicks through, the frame's Approve takes no click, a real one included.
    const approve = frame.getByRole('button', { name: 'Approve' })
    const box = (await approve.boundingBox())!
    await page.evaluate(() => {
      const cover = document.createElement('div')
      cover.id = 'cover'
      cover.style.cssText = 'position:fixed;inset:0;z-index:2147483647;pointer-events:none;background:rgb(255 255 255 / 0.02)'
      document.body.append(cover)
    })
    await expect(approve).toHaveAttribute('data-blocked', 'not-visible')
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    expect(solanaSigned(sandbox, before)).toEqual([])
    await page.evaluate(() => document.getElementById('cover')!.remove())
    await expect(frame.getByTestId('approval-message')).toHaveText(message)

    // The message is rejected in the frame.
    await frame.getByRole('button', { name: 'Reject' }).click()
    expect(await answer).toMatchObject({ type: 'FRAME_RPC_REQUEST_ERROR', payload: { message: 'The visitor rejected the request' } })
    expect(solanaSigned(sandbox, before)).toEqual([])
    // A transaction whose signer is another account is refused before it is shown.
    const [other, receiver] = [solana.devAccounts[5]!.address, solana.devAccounts[6]!.address]
    expect(await askFrame(page, frameOrigin, { method: 'solana_signAndSendTransaction', params: [{ transaction: transfer(other, receiver, 1_000n) }], chainId: solana.caipNetworkId })).toMatchObject({
      type: 'FRAME_RPC_REQUEST_ERROR',
      payload: { message: `The transaction does not ask for the signature of your account ${address}` },
    })
    await expect(page.locator(APPROVAL_FRAME)).toHaveCount(0)

    // The visitor's own click signs: the signature is the frame service's, for exactly the shown message.
    const signed = askFrame(page, frameOrigin, { method: 'solana_signMessage', params: [{ message: base58Message }], chainId: solana.caipNetworkId })
    await (await approvalFrame(page)).getByRole('button', { name: 'Approve' }).click()
    expect(await signed).toMatchObject({ type: 'FRAME_RPC_REQUEST_SUCCESS', payload: { result: { signature: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/) } } })
    expect(solanaSigned(sandbox, before)).toEqual(['solana_signMessage'])
  })

  test("the demo's Sign a message asks with solana_signMessage on Solana: the frame shows the text, the signature verifies for the account; the EVM-only buttons say what they need", async ({
    page,
    sandbox,
  }) => {
    test.setTimeout(120_000)
    const { address } = await loginOnSolana(page, sandbox, freshEmail('solana-sign'))
    await page.keyboard.press('Escape')
    for (const label of ['Send 0.01 ETH', 'Send a batch (EIP-5792)']) {
      const button = page.getByRole('button', { name: label })
      await expect(button).toBeDisabled()
      await expect(button).toHaveAccessibleDescription('Needs an EVM network: switch network to try it.')
    }
    const before = sandbox.frame.rpcMethods().length
    await page.getByRole('button', { name: 'Sign a message' }).click()
    const frame = await approvalFrame(page)
    await expect(frame.getByTestId('approval-message')).toHaveText('Hello from the Portico demo')
    await frame.getByRole('button', { name: 'Approve' }).click()
    const result = page.getByTestId('sign-result')
    await expect(result).toHaveText(/^Signed: [1-9A-HJ-NP-Za-km-z]{18}…$/)
    expect(solanaSigned(sandbox, before)).toEqual(['solana_signMessage'])
    // The base58 signature is the account's ed25519 signature of the message's bytes.
    const signature = Uint8Array.from(getBase58Encoder().encode((await result.getAttribute('data-signature'))!))
    const publicKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(getBase58Encoder().encode(address)).toString('base64url') }, format: 'jwk' })
    expect(verify(null, new TextEncoder().encode('Hello from the Portico demo'), publicKey, signature)).toBe(true)
    expect(verify(null, new TextEncoder().encode('Hello from the Portico dem0'), publicKey, signature)).toBe(false)

    // Rejected in the frame: a short reason, no library's text.
    await page.getByRole('button', { name: 'Sign a message' }).click()
    await (await approvalFrame(page)).getByRole('button', { name: 'Reject' }).focus()
    await page.keyboard.press('Enter')
    await expect(result).toHaveText(/^Not signed: .+/)
    await expect(result).not.toHaveText(/viem|Version:|Details:|Docs:/)
  })
})
