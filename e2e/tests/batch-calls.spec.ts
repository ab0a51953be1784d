import { createPublicClient, http, parseEther, type Address } from 'viem'
import { connectSandboxWallet, expect, test } from '../fixtures.ts'
import { E2E_URLS } from '../ports.ts'

const chain = createPublicClient({ transport: http(E2E_URLS.chainA) })
/** Where the demo's transfers go (the test mnemonic's second account). */
const RECEIVER: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
/** The ERC-4337 v0.8 Simple7702Account the Sandbox Wallet delegates to, placed by the sandbox with the EntryPoint. */
const SIMPLE_7702_ACCOUNT: Address = '0xe6Cae83BdE06E4c305530e199D7217f42808555B'

test.describe('EIP-5792 through useProvider()', () => {
  test('the demo sends two transfers as one batch: capabilities, one wallet prompt showing the batch, one atomic transaction, its status', async ({ demo }) => {
    await expect.poll(async () => (await chain.getCode({ address: SIMPLE_7702_ACCOUNT }))?.length ?? 0, { timeout: 60_000 }).toBeGreaterThan(2)
    // Account 6 of the test mnemonic: not delegated yet, so the prompt asks for the account upgrade too.
    await demo.goto('/?sandboxAccount=6')
    await connectSandboxWallet(demo)
    await demo.keyboard.press('Escape')
    const before = await chain.getBalance({ address: RECEIVER })
    await demo.getByRole('button', { name: 'Send a batch (EIP-5792)' }).click()
    const prompt = demo.getByRole('dialog', { name: 'Sandbox Wallet request' })
    await expect(prompt).toContainText('Send 2 calls for')
    await expect(prompt).toContainText('Atomic: all calls in one transaction, or none')
    await expect(prompt).toContainText('Account upgrade')
    await prompt.getByRole('button', { name: 'Approve' }).click()
    await expect(demo.getByTestId('batch-result')).toHaveText('Batch confirmed: atomic, 1 transaction', { timeout: 15_000 })
    await expect(prompt).toHaveCount(0)
    expect((await chain.getBalance({ address: RECEIVER })) - before).toBe(parseEther('0.002'))
  })

  test('a wallet without EIP-5792 answers that it does not have the method, and nothing is sent', async ({ demo }) => {
    await demo.goto('/?sandboxWallet5792=off&sandboxAccount=7')
    await connectSandboxWallet(demo)
    await demo.keyboard.press('Escape')
    const before = await chain.getBalance({ address: RECEIVER })
    await demo.getByRole('button', { name: 'Send a batch (EIP-5792)' }).click()
    await expect(demo.getByTestId('batch-result')).toHaveText(/^Not sent: .*does not support the requested method: wallet_getCapabilities/)
    await expect(demo.getByRole('dialog', { name: 'Sandbox Wallet request' })).toHaveCount(0)
    expect(await chain.getBalance({ address: RECEIVER })).toBe(before)
  })
})
