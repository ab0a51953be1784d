import { solanaService } from '@portico/sandbox'
import { createSignInMessageText, parseSignInMessageText } from '@solana/wallet-standard-util'
import { axeViolations } from '../axe.ts'
import { expect, recordCspViolations, test } from '../fixtures.ts'
import { E2E_URLS } from '../ports.ts'

/** The demo's project: the verifier keeps sessions per project. */
const DEMO_PROJECT = 'portico-demo'

/** The sandbox verifier's session of a Solana account on a cluster (its CAIP-2 reference), as the dapp's server reads it. */
async function verifierSession(address: string, chainId: string) {
  const response = await fetch(`${E2E_URLS.dataApi}/v1/siwx/session?address=${address}&chainId=${chainId}&projectId=${DEMO_PROJECT}&st=e2e&sv=e2e`)
  return response.ok ? ((await response.json()) as { session: { address: string; chainId: string; nonce: string } }).session : null
}

test.describe('Sign In With Solana (SIWX on Solana Localnet)', () => {
  test("/?solana=1&siwx=required: the Sandbox Wallet's Solana side connects, signs the Sign In With Solana message through solana:signIn, the verifier's session names the Solana account; a reload keeps it, nothing asked; disconnect signs out", async ({
    page,
    sandbox,
    baseURL,
  }) => {
    const violations = await recordCspViolations(page)
    const solana = sandbox.service(solanaService)
    const wallet = solana.devAccounts[0]!.address
    const cluster = solana.caipNetworkId.slice('solana:'.length)
    const visitFrom = Date.now()
    await page.goto('/?solana=1&siwx=required')

    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'Sandbox Wallet' }).click()
    const prompt = page.getByRole('dialog', { name: 'Sandbox Wallet request' })
    await expect(prompt).toContainText(wallet)
    await prompt.getByRole('button', { name: 'Approve' }).click()

    const signIn = page.getByRole('dialog', { name: 'Sign In' })
    await expect(signIn.getByRole('button', { name: 'Sign', exact: true })).toBeEnabled()
    await expect(signIn.getByTestId('siwx-account')).toContainText('Solana Localnet')
    expect(await axeViolations(page), 'axe on SIWXSignMessage (Solana)').toEqual([])
    await signIn.getByRole('button', { name: 'Sign', exact: true }).click()

    // The wallet's own sign-in prompt shows the Sign In With Solana message it signs.
    await expect(prompt).toContainText('with Solana?')
    const text = (await prompt.locator('dd.block').textContent()) ?? ''
    const fields = parseSignInMessageText(text)
    expect(fields, text).not.toBeNull()
    const origin = new URL(baseURL!)
    expect(text.split('\n')[0]).toBe(`${origin.host} wants you to sign in with your Solana account:`)
    expect(fields).toMatchObject({ domain: origin.host, address: wallet, uri: origin.origin, version: '1', chainId: cluster, statement: 'Sign in to the Portico demo' })
    // Written exactly as a Wallet Standard wallet writes it from those fields.
    expect(createSignInMessageText(fields!)).toBe(text)
    expect(fields!.nonce!.length).toBeGreaterThanOrEqual(8)
    expect(Date.parse(fields!.issuedAt!)).toBeGreaterThanOrEqual(visitFrom)
    expect(Date.parse(fields!.expirationTime!)).toBeGreaterThan(Date.parse(fields!.issuedAt!))
    await prompt.getByRole('button', { name: 'Approve' }).click()

    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(page.getByTestId('siwx-status')).toContainText(`Signed in as ${wallet} on chain ${cluster}`)
    expect(await verifierSession(wallet, cluster)).toMatchObject({ address: wallet, chainId: cluster, nonce: fields!.nonce })
    // Base58 is case-sensitive: the account in another case is not signed in.
    expect(await verifierSession(wallet.toLowerCase(), cluster)).toBeNull()

    // A reload: still connected and signed in, no sign view, no wallet prompt.
    await page.reload()
    await expect(page.getByTestId('siwx-status')).toContainText(`Signed in as ${wallet}`)
    await expect(page.getByRole('dialog', { name: 'Sign In' })).toHaveCount(0)
    await expect(prompt).toHaveCount(0)
    await page.getByRole('button', { name: /oeYf/ }).first().click()
    await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible()
    await expect(page.getByRole('dialog', { name: 'Sign In' })).toHaveCount(0)

    // Disconnect signs out at the verifier too.
    await page
      .getByRole('dialog', { name: 'Account' })
      .getByRole('button', { name: /Disconnect/ })
      .click()
    await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
    await expect.poll(() => verifierSession(wallet, cluster)).toBeNull()
    expect(await violations()).toEqual([])
  })

  test("declining in the wallet says 'Signature declined', keeps the sign view and no session", async ({ page, sandbox }) => {
    const solana = sandbox.service(solanaService)
    const wallet = solana.devAccounts[0]!.address
    const cluster = solana.caipNetworkId.slice('solana:'.length)
    await page.goto('/?solana=1&siwx=optional')
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'Sandbox Wallet' }).click()
    // The wallet's Solana side is asked (the demo starts on Solana Localnet), however early the click came.
    const prompt = page.getByRole('dialog', { name: 'Sandbox Wallet request' })
    await expect(prompt).toContainText(wallet)
    await prompt.getByRole('button', { name: 'Approve' }).click()
    const signIn = page.getByRole('dialog', { name: 'Sign In' })
    await expect(signIn.getByTestId('siwx-account')).toContainText('Solana Localnet')
    await signIn.getByRole('button', { name: 'Sign', exact: true }).click()
    await expect(prompt).toContainText('with Solana?')
    await prompt.getByRole('button', { name: 'Reject' }).click()
    await expect(page.getByText('Signature declined')).toBeVisible()
    await expect(signIn).toBeVisible()
    expect(await verifierSession(wallet, cluster)).toBeNull()
  })
})
