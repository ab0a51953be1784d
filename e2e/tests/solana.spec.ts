import { solanaService } from '@portico/sandbox'
import { expect, test } from '../fixtures.ts'

/** The sandbox's Solana dev accounts 0 (the Sandbox Wallet's) and 5 (the receiver). */
const WALLET = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'
const RECEIVER_INDEX = 5

test.describe('Solana through Wallet Standard', () => {
  test('the demo on Solana Localnet: the Sandbox Wallet is listed once, its Solana side connects, shows SOL, and sends 0.1 SOL that the chain confirms', async ({ page, sandbox }) => {
    const solana = sandbox.service(solanaService)
    const wallet = solana.devAccounts[0]!.address
    const receiver = solana.devAccounts[RECEIVER_INDEX]!.address
    const before = solana.balances(receiver).lamports
    await page.goto('/?solana=1')

    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    const connect = page.getByRole('dialog', { name: 'Connect Wallet' })
    await expect(connect.getByRole('button', { name: 'Sandbox Wallet' })).toHaveCount(1)
    await connect.getByRole('button', { name: 'Sandbox Wallet' }).click()
    const prompt = page.getByRole('dialog', { name: 'Sandbox Wallet request' })
    await expect(prompt).toContainText(wallet)
    await prompt.getByRole('button', { name: 'Approve' }).click()

    const account = page.getByRole('dialog', { name: 'Account' })
    await expect(account).toBeVisible()
    await expect(account).toContainText(/\d[\d,.]* SOL/)

    await account.getByRole('button', { name: 'Send', exact: true }).click()
    const send = page.getByRole('dialog', { name: 'Send' })
    await send.getByRole('textbox', { name: /Amount/ }).fill('0.1')
    await send.getByRole('textbox', { name: /Recipient/ }).fill(receiver)
    await send.getByRole('button', { name: 'Review' }).click()
    await send.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(prompt).toContainText('0.1 SOL')
    await prompt.getByRole('button', { name: 'Approve' }).click()
    await expect(page.getByText('Transaction started')).toBeVisible()
    await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible()
    await expect.poll(() => solana.balances(receiver).lamports).toBe(before + 100_000_000n)
    expect(WALLET).toBe(wallet)

    // A reload keeps the Solana connection (the wallet knows the page: no prompt); Disconnect ends it in the wallet too.
    await page.reload()
    await page.getByRole('button', { name: /oeYf/ }).first().click()
    await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible()
    await page.getByRole('button', { name: 'Disconnect' }).click()
    await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('dev.portico.sandbox-wallet.solana'))).toBe('{"authorised":[]}')
  })
})
