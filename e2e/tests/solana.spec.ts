import { solanaService } from '@portico/sandbox'
import { generateKeyPairSigner } from '@solana/kit'
import { formatUnits } from 'viem'
import { expect, sendFromAccount, test } from '../fixtures.ts'

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

    await sendFromAccount(page, account, '0.1', receiver)
    await expect(prompt).toContainText('0.1 SOL')
    await prompt.getByRole('button', { name: 'Approve' }).click()
    await expect(page.getByText('Transaction started')).toBeVisible()
    await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible()
    await expect.poll(() => solana.balances(receiver).lamports).toBe(before + 100_000_000n)
    expect(WALLET).toBe(wallet)

    // History, names and swaps are eip155's (SPEC.md §9): Activity says so rather than an empty list or an error; no Register name; Swap says EVM only.
    const shown = page.getByRole('dialog', { name: 'Account' })
    await shown.getByRole('tab', { name: 'Activity' }).click()
    await expect(shown.getByRole('tabpanel', { name: 'Activity' })).toContainText('Activity is available on EVM networks only.')
    await expect(shown.getByRole('button', { name: 'Register name' })).toHaveCount(0)
    await expect(shown.getByRole('button', { name: /^Swap/ })).toHaveAttribute('title', 'Swap is available on EVM networks only')

    // A reload keeps the Solana connection (the wallet knows the page: no prompt); Disconnect ends it in the wallet too.
    await page.reload()
    await page.getByRole('button', { name: /oeYf/ }).first().click()
    await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible()
    await page.getByRole('button', { name: 'Disconnect' }).click()
    await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('dev.portico.sandbox-wallet.solana'))).toBe('{"authorised":[]}')
  })

  test('an SPL send to a receiver without a token account: the Send view shows the rent of the account it creates, the chain credits the receiver, the balances follow', async ({ page, sandbox }) => {
    const solana = sandbox.service(solanaService)
    const wallet = solana.devAccounts[0]!.address
    const usdc = solana.tokens.find((t) => t.symbol === 'USDC')!
    const usdcOf = (owner: string) => solana.balances(owner).tokens.find((h) => h.token.mint === usdc.mint)?.amount ?? 0n
    // A fresh address: it holds nothing, so it has no USDC account.
    const receiver = (await generateKeyPairSigner()).address
    const before = usdcOf(wallet)
    await page.goto('/?solana=1')

    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'Sandbox Wallet' }).click()
    const prompt = page.getByRole('dialog', { name: 'Sandbox Wallet request' })
    await prompt.getByRole('button', { name: 'Approve' }).click()
    const account = page.getByRole('dialog', { name: 'Account' })
    const usdcRow = account.getByTestId('account-token').filter({ hasText: 'USDC' })
    await expect(usdcRow).toContainText(`${Number(formatUnits(before, 6)).toLocaleString('en-US', { maximumFractionDigits: 3 })} USDC`)

    await usdcRow.getByRole('button', { name: 'Send USDC' }).click()
    const send = page.getByRole('dialog', { name: 'Send' })
    // Nothing typed yet: SPEC.md §5's Solana message, and nothing reaches the wallet.
    await send.getByRole('button', { name: 'Review' }).click()
    await expect(send.getByText('Please enter a valid amount and receiver address')).toBeVisible()
    await send.getByRole('textbox', { name: /Amount/ }).fill('12.5')
    await send.getByRole('textbox', { name: /Recipient/ }).fill(receiver)
    // The rent of the receiver's new USDC account (165 bytes), as the chain computes it, paid in SOL.
    const rent = (await (
      await fetch(solana.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getMinimumBalanceForRentExemption', params: [165] }),
      })
    ).json()) as { result: number }
    // Shown like the fee, to 6 decimals: 0.002039 SOL.
    const shownRent = `${Number(formatUnits(BigInt(rent.result), 9)).toFixed(6)} SOL`
    await expect(send.getByTestId('send-rent')).toContainText(shownRent)
    await expect(send.getByTestId('send-rent-note')).toContainText('has no USDC account yet')
    await send.getByRole('button', { name: 'Review' }).click()
    await expect(send.getByTestId('review-amount')).toHaveText('12.5 USDC')
    await expect(send.getByTestId('review-rent')).toContainText(shownRent)
    // Simulated on the Localnet before the wallet is asked: the USDC that leaves, and the SOL of the receiver's new account.
    await expect(send.getByTestId('preview-change').filter({ hasText: 'USDC' })).toHaveText(/^−12\.5 USDC/)
    await expect(send.getByTestId('preview-change').filter({ hasText: 'SOL' })).toHaveText(/^−0\.00203\d* SOL/)
    await send.getByRole('button', { name: 'Send', exact: true }).click()
    await prompt.getByRole('button', { name: 'Approve' }).click()
    await expect(page.getByText('Transaction started')).toBeVisible()

    await expect.poll(() => usdcOf(receiver)).toBe(12_500_000n)
    expect(usdcOf(wallet)).toBe(before - 12_500_000n)
    // Confirmed, the core reads the balances again: the Account view shows what the chain holds.
    await expect(account.getByTestId('account-token').filter({ hasText: 'USDC' })).toContainText(
      `${Number(formatUnits(before - 12_500_000n, 6)).toLocaleString('en-US', { maximumFractionDigits: 3 })} USDC`,
    )
  })

  test('one wallet, two namespaces: from Solana Localnet to an EVM network and back, the account and balance follow, the Solana side stays connected; a reload keeps the active network', async ({
    page,
    sandbox,
  }) => {
    expect(sandbox.service(solanaService).devAccounts[0]!.address).toBe(WALLET)
    await page.goto('/?solana=1')
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'Sandbox Wallet' }).click()
    const prompt = page.getByRole('dialog', { name: 'Sandbox Wallet request' })
    await prompt.getByRole('button', { name: 'Approve' }).click()
    const account = page.getByRole('dialog', { name: 'Account' })
    await expect(account.getByTestId('account-network')).toHaveText('Solana Localnet')
    await expect(account.getByTestId('account-address')).toHaveAttribute('title', WALLET)
    await expect(account.getByTestId('account-balance')).toContainText('SOL')

    // The Networks view lists both namespaces' networks, each with its mark.
    await account.getByTestId('account-network-button').click()
    const networks = page.getByRole('dialog', { name: 'Choose network' }).getByRole('list', { name: 'Networks' })
    await expect(networks.getByRole('button')).toHaveCount(3)
    await expect(networks.locator('[data-mark="solana"] path')).toHaveCount(1)
    await expect(networks.locator('[data-mark="ethereum"] path')).toHaveCount(2)

    // To the EVM chain: the wallet's EVM side is asked once to connect this page, then its account shows.
    await networks.getByRole('button', { name: /^Portico Local(?! B)/ }).click()
    await expect(prompt).toBeVisible()
    await prompt.getByRole('button', { name: 'Approve' }).click()
    await expect(account.getByTestId('account-network')).toHaveText('Portico Local')
    await expect(account.getByTestId('account-address')).toHaveAttribute('title', /^0x[0-9a-fA-F]{40}$/)
    await expect(account.getByTestId('account-balance')).toContainText('ETH')
    const evmAddress = await account.getByTestId('account-address').getAttribute('title')

    // Back to Solana: the Solana account was kept, no prompt.
    await account.getByTestId('account-network-button').click()
    await networks.getByRole('button', { name: /^Solana Localnet/ }).click()
    await expect(account.getByTestId('account-network')).toHaveText('Solana Localnet')
    await expect(account.getByTestId('account-address')).toHaveAttribute('title', WALLET)
    await expect(account.getByTestId('account-balance')).toContainText('SOL')
    await expect(prompt).toBeHidden()

    // And to EVM again: the account the wallet granted, without a prompt.
    await account.getByTestId('account-network-button').click()
    await networks.getByRole('button', { name: /^Portico Local(?! B)/ }).click()
    await expect(account.getByTestId('account-address')).toHaveAttribute('title', evmAddress!)
    await expect(prompt).toBeHidden()

    // A reload keeps the active network and its account.
    await page.reload()
    await page
      .getByRole('button', { name: new RegExp(evmAddress!.slice(0, 6)) })
      .first()
      .click()
    await expect(account.getByTestId('account-network')).toHaveText('Portico Local')
    await expect(account.getByTestId('account-address')).toHaveAttribute('title', evmAddress!)
    await expect(account.getByTestId('account-balance')).toContainText('ETH')
    await account.getByTestId('account-network-button').click()
    await networks.getByRole('button', { name: /^Solana Localnet/ }).click()
    await expect(account.getByTestId('account-address')).toHaveAttribute('title', WALLET)
    await expect(prompt).toBeHidden()
    await page.reload()
    await page.getByRole('button', { name: /oeYf/ }).first().click()
    await expect(account.getByTestId('account-network')).toHaveText('Solana Localnet')
  })

  test('Buy on Solana Localnet: only the provider that serves Solana is offered, SOL on the Solana network; its checkout pays the account on chain and the view sees it arrive', async ({
    page,
    sandbox,
  }) => {
    const solana = sandbox.service(solanaService)
    await page.goto('/?solana=1')
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'Sandbox Wallet' }).click()
    await page.getByRole('dialog', { name: 'Sandbox Wallet request' }).getByRole('button', { name: 'Approve' }).click()
    const account = page.getByRole('dialog', { name: 'Account' })
    await expect(account.getByTestId('account-balance')).toContainText('SOL')

    await account.getByRole('button', { name: 'Buy', exact: true }).click()
    const buy = page.getByRole('dialog', { name: 'Buy' })
    await expect(buy.getByRole('button', { name: 'Continue' })).toBeEnabled()
    // SPEC.md §9: one provider serves eip155 only, the other eip155 and solana: on a Solana account only that one.
    const providers = buy.getByRole('group', { name: 'Provider' })
    await expect(providers.getByRole('radio')).toHaveCount(1)
    await expect(providers).toContainText('Meld')
    await expect(providers).toContainText('Solana')
    await expect(buy.getByRole('combobox', { name: 'Token to buy' })).toHaveValue('sol')
    await expect(buy.getByRole('combobox', { name: 'Network' })).toHaveValue('solana-localnet')
    await buy.getByRole('textbox', { name: 'Amount (USD)' }).fill('50')
    await expect(buy.getByTestId('buy-quote').getByTestId('buy-receive')).toHaveText(/^[\d.]+ SOL$/)

    const before = solana.balances(WALLET).lamports
    const popupOpened = page.waitForEvent('popup')
    await buy.getByRole('button', { name: 'Continue' }).click()
    const provider = await popupOpened
    await provider.waitForURL(/\/onramp\/checkout\//)
    await expect(buy.getByTestId('buy-pending')).toContainText('Waiting for the SOL to arrive')
    await expect(provider.getByText(WALLET)).toBeVisible()
    await provider.getByRole('button', { name: 'Confirm' }).click()
    await expect(provider.getByRole('status')).toContainText('Payment complete', { timeout: 20_000 })

    const [order] = sandbox.onramp.orders().filter((o) => o.status === 'completed' && o.address === WALLET)
    const credited = BigInt(Math.round(Number(order!.price!.crypto) * 1e9))
    await expect.poll(() => solana.balances(WALLET).lamports - before).toBe(credited)
    await expect(buy.getByTestId('buy-delivered')).toContainText('arrived in your wallet', { timeout: 15_000 })
    await expect(buy.getByTestId('buy-delivered')).toContainText('SOL')
  })
})
