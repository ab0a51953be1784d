import { solanaService, SOLANA_LOCALNET_CAIP_ID } from '@portico/sandbox'
import { copyPairingLink, expect, recordConsoleErrors, sendFromAccount, test } from '../fixtures.ts'
import { E2E_URLS } from '../ports.ts'

/** The sandbox's Solana dev account 5: the receiver. The phone wallet's account 0 has Solana dev account 0. */
const RECEIVER_INDEX = 5
/** The phone wallet's account 0 on EVM chains. */
const EVM_ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: E2E_URLS.demo })
})

test.describe("WalletConnect's solana namespace", () => {
  test('the demo on Solana Localnet connects the Sandbox Phone Wallet by QR link: its Solana account and SOL show, 0.1 SOL is approved on the phone and confirmed on chain, the same session holds its EVM account, and Disconnect ends the session', async ({
    page,
    context,
    sandbox,
  }) => {
    const errors = recordConsoleErrors(page)
    const solana = sandbox.service(solanaService)
    const wallet = solana.devAccounts[0]!.address
    const receiver = solana.devAccounts[RECEIVER_INDEX]!.address
    const before = solana.balances(receiver).lamports
    await page.goto('/?solana=1')

    const phone = await context.newPage()
    await phone.goto(`${sandbox.phoneWallet.url}/`)
    await expect(phone.getByRole('heading', { name: 'Sandbox Phone Wallet' })).toBeVisible()
    await expect(phone.getByLabel('Solana account')).toHaveText(`Solana: ${wallet}`)

    // Connect Wallet, WalletConnect, Copy link, paste it into the phone wallet (as walletconnect.spec.ts).
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    const connect = page.getByRole('dialog', { name: 'Connect Wallet' })
    const row = connect.getByRole('button', { name: 'WalletConnect', exact: true })
    await row.hover()
    await row.click()
    const uri = await copyPairingLink(page)
    await phone.getByLabel('WalletConnect link').fill(uri)
    await phone.getByRole('button', { name: 'Connect', exact: true }).click()

    // The proposal names the Solana Localnet beside the EVM chains; approving it grants both namespaces.
    const proposal = phone.getByRole('dialog', { name: 'Connect to Portico demo?' })
    await expect(proposal).toContainText(`Solana Localnet (${SOLANA_LOCALNET_CAIP_ID})`)
    await expect(proposal).toContainText('solana_signAndSendTransaction')
    await proposal.getByRole('button', { name: 'Approve' }).click()

    // The Account view is on Solana: the phone's Solana account and its SOL.
    const account = page.getByRole('dialog', { name: 'Account' })
    await expect(account).toBeVisible()
    await expect(account).toContainText(/\d[\d,.]* SOL/)
    await expect(page.getByRole('button', { name: new RegExp(wallet.slice(0, 4)) }).first()).toBeVisible()
    const session = phone.getByRole('list', { name: 'Connected dapps' }).getByRole('listitem').filter({ hasText: 'Portico demo' })
    await expect(session).toContainText(`Account: ${wallet}`)

    // 0.1 SOL through the one write path: the phone is asked solana_signAndSendTransaction and sends it.
    await sendFromAccount(page, account, '0.1', receiver)
    const request = phone.getByRole('dialog', { name: /^Send a Solana transaction for / })
    await expect(request).toContainText(receiver)
    await expect(request).toContainText('0.1 SOL')
    await request.getByRole('button', { name: 'Approve' }).click()
    await expect(request).toBeHidden()
    await expect(page.getByText('Transaction started')).toBeVisible()
    await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible()
    await expect.poll(() => solana.balances(receiver).lamports).toBe(before + 100_000_000n)

    // One session, two namespaces: Portico Local shows the phone's EVM account and Solana Localnet its Solana one, without a prompt on the phone.
    const networks = page.getByRole('dialog', { name: 'Choose network' }).getByRole('list', { name: 'Networks' })
    await account.getByTestId('account-network-button').click()
    await networks.getByRole('button', { name: /^Portico Local(?! B)/ }).click()
    await expect(account.getByTestId('account-network')).toHaveText('Portico Local')
    await expect(account.getByTestId('account-address')).toHaveAttribute('title', EVM_ACCOUNT_0)
    await expect(account.getByTestId('account-balance')).toContainText('ETH')
    await account.getByTestId('account-network-button').click()
    await networks.getByRole('button', { name: /^Solana Localnet/ }).click()
    await expect(account.getByTestId('account-network')).toHaveText('Solana Localnet')
    await expect(account.getByTestId('account-address')).toHaveAttribute('title', wallet)
    await expect(phone.getByRole('dialog')).toHaveCount(0)

    // Disconnect ends the WalletConnect session (both namespaces): the phone has no dapp any more.
    await account.getByRole('button', { name: 'Disconnect' }).click()
    await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
    await expect(phone.getByText('No dapp is connected.')).toBeVisible()
    expect(errors()).toEqual([])
  })
})
