import { createPublicKey, verify } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase58Decoder,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  type Blockhash,
  type Instruction,
} from '@solana/kit'
import { getSetComputeUnitLimitInstruction, getSetComputeUnitPriceInstruction } from '@solana-program/compute-budget'
import { getTransferSolInstruction } from '@solana-program/system'
import { AuthorityType, findAssociatedTokenPda, getSetAuthorityInstruction, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { launchTestChromium } from '../../sandbox/src/chromium-for-tests.ts'
import { FRAME_SOLANA_FUNDING, startSandbox, type SandboxHandle } from '../../sandbox/src/index.ts'
import { solanaService } from '../../sandbox/src/services/solana.ts'
import type { SolanaChainHandle } from '../../sandbox/src/solana/server.ts'
import { testSandboxOptions } from '../../sandbox/test/helpers.ts'
import { mailboxMessageSchema } from '../../sandbox/src/sign-in/mailbox.ts'
import { restPointerOn } from './approval-pointer.ts'

// Ports of this file: base 17420 (frame at base + 5, its Solana RPC at base - 5000); the host page on base + 8.
const OFFSET = Number(process.env['PORTICO_E2E_PORT_OFFSET'] ?? 0) || 0
const HOST_PORT = 17428 + OFFSET
const HOST = `http://127.0.0.1:${HOST_PORT}`
const PROJECT = 'frame-solana-test'
const WAIT = { timeout: 20_000 }

/** A dapp page as small as can be: the frame in an iframe, shown where its approval asks; `ask(type, payload)` answers the frame's reply. */
const hostPage = (frameUrl: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title></head><body>
<script>
const frameOrigin = new URL(${JSON.stringify(frameUrl)}).origin
const iframe = document.createElement('iframe')
iframe.title = 'Portico secure frame'
iframe.hidden = true
iframe.src = ${JSON.stringify(frameUrl)}
window.received = []
window.addEventListener('message', (e) => {
  if (e.origin !== frameOrigin || e.source !== iframe.contentWindow) return
  if (e.data && e.data.type === 'FRAME_APPROVAL_SHOW') { iframe.hidden = false; iframe.style.cssText = 'position:fixed;top:20px;left:20px;width:420px;border:0;height:' + e.data.payload.height + 'px' }
  if (e.data && e.data.type === 'FRAME_APPROVAL_HIDE') iframe.hidden = true
  if (e.data && e.data.type.startsWith('FRAME_APPROVAL_')) return
  window.received.push(e.data)
})
document.body.append(iframe)
window.ask = (type, payload = {}) => new Promise((resolve) => {
  const id = crypto.randomUUID()
  const timer = setInterval(() => {
    const answer = window.received.find((m) => m.id === id)
    if (answer) { clearInterval(timer); resolve(answer) }
  }, 20)
  iframe.contentWindow.postMessage({ type: 'APP_' + type, id, payload }, frameOrigin)
})
</script></body></html>`

type FrameAnswer = { type: string; id?: string; payload?: { message?: string; code?: number; result?: unknown; solanaAddress?: string } }

let sandbox: SandboxHandle
let solana: SolanaChainHandle
let browser: Browser
let server: Server

const ask = (page: Page, type: string, payload: object = {}) =>
  page.evaluate(([t, p]) => (window as unknown as { ask(t: string, p: object): Promise<FrameAnswer> }).ask(t, p), [type, payload] as const)
async function shownFrame(page: Page) {
  await page.locator('iframe[title="Portico secure frame"]').waitFor({ state: 'visible', ...WAIT })
  const frame = page.frameLocator('iframe[title="Portico secure frame"]')
  // Armed once the visitor's pointer rests on Approve (page/approval.ts).
  await restPointerOn(page, frame.locator('#approval-approve'), WAIT.timeout)
  return frame
}
async function lastCode(email: string): Promise<string> {
  const read = async () => z.array(mailboxMessageSchema).parse(await (await fetch(`${sandbox.frame.mail.url}/mailbox/messages?to=${encodeURIComponent(email)}`)).json())
  await expect.poll(async () => (await read()).length, WAIT).toBeGreaterThan(0)
  return /\b(\d{6})\b/.exec((await read()).at(-1)!.text)![1]!
}
const rpc = async (method: string, params: unknown[]) => {
  const res = await fetch(solana.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  return z.object({ result: z.unknown() }).parse(await res.json()).result
}
/** A transaction of `instructions` paid by `from`, on the Localnet's latest blockhash, unsigned (base64). */
async function transactionOf(from: string, instructions: (payer: ReturnType<typeof createNoopSigner>) => Instruction[]): Promise<string> {
  const { value } = z.object({ value: z.object({ blockhash: z.string(), lastValidBlockHeight: z.number() }) }).parse(await rpc('getLatestBlockhash', [{ commitment: 'confirmed' }]))
  const payer = createNoopSigner(address(from))
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: value.blockhash as Blockhash, lastValidBlockHeight: BigInt(value.lastValidBlockHeight) }, m),
    (m) => appendTransactionMessageInstructions(instructions(payer), m),
  )
  return getBase64EncodedWireTransaction(compileTransaction(message))
}
const transfer = (from: string, to: string, lamports: bigint) => transactionOf(from, (payer) => [getTransferSolInstruction({ source: payer, destination: address(to), amount: lamports })])
/** The host page with the frame, logged in by email as `email`: the page and the user's Solana address. */
async function loggedIn(email: string): Promise<{ page: Page; owner: string }> {
  const page = await browser.newPage()
  await page.goto(`${HOST}/host?frame=${encodeURIComponent(sandbox.frame.frameUrl({ projectId: PROJECT, chainId: 31337 }))}`)
  await expect.poll(() => page.evaluate(() => (window as unknown as { received: FrameAnswer[] }).received.length), WAIT).toBe(1)
  expect(await ask(page, 'CONNECT_EMAIL', { email })).toMatchObject({ type: 'FRAME_CONNECT_EMAIL_SUCCESS', payload: { action: 'VERIFY_OTP' } })
  expect(await ask(page, 'CONNECT_OTP', { otp: await lastCode(email) })).toMatchObject({ type: 'FRAME_CONNECT_OTP_SUCCESS' })
  return { page, owner: (await ask(page, 'GET_USER', {})).payload!.solanaAddress! }
}
const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex')
const verifies = (owner: string, bytes: Uint8Array, signature: Uint8Array) =>
  verify(null, bytes, createPublicKey({ key: Buffer.concat([SPKI_ED25519_PREFIX, new Uint8Array(getBase58Encoder().encode(owner))]), format: 'der', type: 'spki' }), signature)

describe('the secure frame’s Solana approval in Chromium', () => {
  beforeAll(async () => {
    sandbox = await startSandbox(testSandboxOptions(17420, { seedHistory: false, services: ['frame'] }))
    solana = sandbox.service(solanaService)
    sandbox.frame.projects.set(PROJECT, [HOST])
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', HOST)
      if (url.pathname === '/host') return void res.writeHead(200, { 'content-type': 'text/html' }).end(hostPage(url.searchParams.get('frame') ?? ''))
      res.writeHead(404).end()
    })
    await new Promise<void>((resolve) => server.listen(HOST_PORT, '127.0.0.1', resolve))
    browser = await launchTestChromium()
  }, 180_000)
  afterAll(async () => {
    await browser?.close()
    await new Promise((r) => server?.close(r))
    await sandbox?.stop()
  })

  it('shows a Solana message and transfer in the frame and signs only on the visitor’s click there: the signature verifies, the send lands, a rejection and a script’s click sign nothing', async () => {
    const { page, owner } = await loggedIn('solana-browser@example.com')
    expect(owner).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    const network = solana.caipNetworkId
    const signedCount = () => sandbox.frame.rpcMethods().filter((r) => r.method.startsWith('solana_')).length

    // A message: its text shown, signed on a real click, the signature the user's key's.
    const text = 'Sign in to the host page'
    const message = getBase58Decoder().decode(new TextEncoder().encode(text))
    const signing = ask(page, 'RPC_REQUEST', { method: 'solana_signMessage', params: [{ message, pubkey: owner }], chainId: network })
    let frame = await shownFrame(page)
    expect(await frame.getByTestId('approval-message').textContent()).toBe(text)
    expect(await frame.getByTestId('approval-network').textContent()).toBe('Solana Localnet')
    // A script's click on Approve, even from inside the frame's own document, signs nothing.
    const secure = page.frames().find((f) => f.url().startsWith(`${sandbox.frame.url}/frame`))!
    await secure.evaluate(() => {
      document.getElementById('approval-approve')!.click()
      document.getElementById('approval-approve')!.dispatchEvent(new MouseEvent('click', { bubbles: true }))
    })
    expect(signedCount()).toBe(0)
    await frame.getByRole('button', { name: 'Approve' }).click(WAIT)
    const signed = z.object({ signature: z.string() }).parse((await signing).payload!.result)
    expect(verifies(owner, new TextEncoder().encode(text), new Uint8Array(getBase58Encoder().encode(signed.signature)))).toBe(true)

    // A transfer: amount and receiver decoded in the frame; rejected there, nothing is signed.
    // The sandbox's faucet funded the new user's Solana account.
    await expect.poll(() => solana.balances(owner).lamports, WAIT).toBe(FRAME_SOLANA_FUNDING)
    const receiver = solana.devAccounts[8]!.address
    const rejected = ask(page, 'RPC_REQUEST', { method: 'solana_signAndSendTransaction', params: [{ transaction: await transfer(owner, receiver, 250_000_000n) }], chainId: network })
    frame = await shownFrame(page)
    expect(await frame.getByTestId('approval-summary').textContent()).toBe(`Send 0.25 SOL to ${receiver}`)
    await frame.getByRole('button', { name: 'Reject' }).click(WAIT)
    expect(await rejected).toMatchObject({ type: 'FRAME_RPC_REQUEST_ERROR', payload: { message: 'The visitor rejected the request', code: 4001 } })
    expect(signedCount()).toBe(1)

    // Approved, the frame service signs and sends it: the receiver gets exactly 0.25 SOL.
    const before = solana.balances(receiver).lamports
    const sending = ask(page, 'RPC_REQUEST', { method: 'solana_signAndSendTransaction', params: [{ transaction: await transfer(owner, receiver, 250_000_000n) }], chainId: network })
    frame = await shownFrame(page)
    await frame.getByRole('button', { name: 'Approve' }).click(WAIT)
    expect(z.object({ signature: z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/) }).safeParse((await sending).payload!.result).success).toBe(true)
    await expect.poll(() => solana.balances(receiver).lamports, WAIT).toBe(before + 250_000_000n)

    // A network the frame does not sign for is refused, nothing shown.
    expect(await ask(page, 'RPC_REQUEST', { method: 'solana_signMessage', params: [{ message }], chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })).toMatchObject({
      type: 'FRAME_RPC_REQUEST_ERROR',
      payload: { message: 'Unsupported chain' },
    })
    await page.close()
  })
  it('a transaction that hands over the visitor’s token account, with a 2 SOL priority fee: both said before Approve, which stays off until the visitor ticks that they read it', async () => {
    const { page, owner } = await loggedIn('solana-danger@example.com')
    const thief = solana.devAccounts[7]!.address
    const mint = address(solana.devAccounts[9]!.address)
    const [tokenAccount] = await findAssociatedTokenPda({ owner: address(owner), mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
    const wire = await transactionOf(owner, (payer) => [
      getSetComputeUnitLimitInstruction({ units: 1_000_000 }),
      getSetComputeUnitPriceInstruction({ microLamports: 2_000_000_000n }),
      getSetAuthorityInstruction({ owned: tokenAccount, owner: payer, authorityType: AuthorityType.AccountOwner, newAuthority: address(thief) }),
    ])
    const signing = ask(page, 'RPC_REQUEST', { method: 'solana_signTransaction', params: [{ transaction: wire }], chainId: solana.caipNetworkId })
    await page.locator('iframe[title="Portico secure frame"]').waitFor({ state: 'visible', ...WAIT })
    const frame = page.frameLocator('iframe[title="Portico secure frame"]')
    await expect.poll(() => frame.getByTestId('approval-danger').allTextContents(), WAIT).toEqual([`Gives control of token account ${tokenAccount} to ${thief}: they can then move or close it.`])
    expect(await frame.getByTestId('approval-fee').textContent()).toBe('2.000005 SOL (0.000005 SOL and 2 SOL priority)')
    expect(await frame.getByTestId('approval-warning').allTextContents()).toEqual(['This transaction pays a network fee of 2.000005 SOL, above 0.01 SOL.'])
    // Unread, Approve takes no click, however long the pointer rests on it.
    const approve = frame.locator('#approval-approve')
    await expect.poll(() => approve.getAttribute('data-blocked'), WAIT).toBe('unread')
    expect(await approve.isDisabled()).toBe(true)
    await page.waitForTimeout(700)
    expect(await approve.getAttribute('data-blocked')).toBe('unread')
    // The network says it would fail (the token account does not exist): a block of its own, read too.
    await expect.poll(() => frame.getByTestId('approval-changes').getByRole('heading').textContent(), WAIT).toBe('This transaction will fail')
    expect(await frame.getByTestId('approval-revert').textContent()).toMatch(/^The network says it reverts: /)
    // Read (the visitor's own ticks, by keyboard here), it arms as any approval does.
    await frame.getByTestId('approval-danger-read').focus()
    await page.keyboard.press('Space')
    expect(await approve.getAttribute('data-blocked')).toBe('unread')
    await frame.getByTestId('approval-revert-read').focus()
    await page.keyboard.press('Space')
    await restPointerOn(page, approve, WAIT.timeout)
    await approve.click(WAIT)
    const signed = z.object({ signature: z.string(), transaction: z.string() }).parse((await signing).payload!.result)
    expect(signed.signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    await page.close()
  })

  it('a transfer’s approval shows its balance changes, simulated on the network before Approve arms: −0.1 SOL, the network fee apart', async () => {
    const { page, owner } = await loggedIn('solana-changes@example.com')
    await expect.poll(() => solana.balances(owner).lamports, WAIT).toBe(FRAME_SOLANA_FUNDING)
    const receiver = solana.devAccounts[8]!.address
    const sending = ask(page, 'RPC_REQUEST', { method: 'solana_signAndSendTransaction', params: [{ transaction: await transfer(owner, receiver, 100_000_000n) }], chainId: solana.caipNetworkId })
    await page.locator('iframe[title="Portico secure frame"]').waitFor({ state: 'visible', ...WAIT })
    const frame = page.frameLocator('iframe[title="Portico secure frame"]')
    const changes = frame.getByTestId('approval-changes')
    await expect.poll(() => changes.getByTestId('approval-change').allTextContents(), WAIT).toEqual(['−0.1 SOL'])
    expect(await changes.getByRole('heading').textContent()).toBe('Balance changes')
    expect(await frame.getByTestId('approval-fee').textContent()).toBe('0.000005 SOL')
    const before = solana.balances(receiver).lamports
    await restPointerOn(page, frame.locator('#approval-approve'), WAIT.timeout)
    await frame.getByRole('button', { name: 'Approve' }).click(WAIT)
    expect(z.object({ signature: z.string() }).safeParse((await sending).payload!.result).success).toBe(true)
    await expect.poll(() => solana.balances(receiver).lamports, WAIT).toBe(before + 100_000_000n)
    await page.close()
  })
})
