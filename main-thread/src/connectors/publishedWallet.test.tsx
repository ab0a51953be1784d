/**
 * A Solana wallet Portico's code did not write: the published Unsafe Burner wallet adapter
 * (`@solana/wallet-adapter-unsafe-burner`, an in-page ed25519 keypair) wrapped as a Wallet Standard
 * wallet by the published wrapper (`@solana/wallet-standard-wallet-adapter-base`'s
 * `registerWalletAdapter`), registered on the page as a dapp's visitor's wallet would be.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { UnsafeBurnerWalletAdapter } from '@solana/wallet-adapter-unsafe-burner'
import { registerWalletAdapter } from '@solana/wallet-standard-wallet-adapter-base'
import { getBase58Decoder, getBase58Encoder, getPublicKeyFromAddress, address as toAddress, verifySignature, type SignatureBytes } from '@solana/kit'
import { solanaDevnet } from '@portico/shared-types/solana'
import { describe, expect, it } from 'vitest'
import { createTestClient, LOCAL, openModal, renderPortico, testConfig } from '../../test/harness.tsx'

describe('a published Wallet Standard wallet (the Unsafe Burner adapter through the wallet-adapter wrapper)', () => {
  it('is listed with its icon, connects, and its account is read and signs through Portico', async () => {
    const adapter = new UnsafeBurnerWalletAdapter()
    const unregister = registerWalletAdapter(adapter, 'solana:devnet', 'http://127.0.0.1:1')
    const portico = createTestClient({ config: testConfig({ networks: [LOCAL, solanaDevnet], defaultNetwork: solanaDevnet.caipNetworkId }) })
    renderPortico(portico)
    await openModal(portico, { name: 'Connect' })
    const connect = await screen.findByRole('dialog', { name: 'Connect Wallet' })

    // Listed under the adapter's own name, with the adapter's own icon (through the image gate).
    const row = await within(connect).findByRole('button', { name: /Burner Wallet/ }, { timeout: 5000 })
    const icon = row.querySelector('img')
    expect(icon?.getAttribute('src')).toBe(adapter.icon)
    expect(adapter.icon).toMatch(/^data:image\/svg\+xml;base64,/)

    await userEvent.click(row)
    await waitFor(async () => expect((await portico.core.getState()).connections.solana?.status).toBe('connected'), { timeout: 5000 })
    // The account is the keypair the adapter made, on the dapp's Solana network.
    const burner = adapter.publicKey!.toBase58()
    expect((await portico.core.getState()).connections.solana).toMatchObject({ caipAddress: `${solanaDevnet.caipNetworkId}:${burner}`, connectorName: 'Burner Wallet', connectorType: 'ANNOUNCED' })
    expect(await screen.findByRole('dialog', { name: 'Account' })).toBeTruthy()

    // Signing goes to the wallet's solana:signMessage: the signature verifies with the account's key.
    await waitFor(() => expect(portico.client.getSnapshot().provider?.namespace).toBe('solana'))
    const message = new TextEncoder().encode('Portico reads this account')
    const { signature } = (await portico.client
      .getSnapshot()
      .provider!.provider.request({ method: 'solana_signMessage', params: [{ message: getBase58Decoder().decode(message), pubkey: burner }] })) as { signature: string }
    const key = await getPublicKeyFromAddress(toAddress(burner))
    expect(await verifySignature(key, new Uint8Array(getBase58Encoder().encode(signature)) as SignatureBytes, message)).toBe(true)

    // Disconnect reaches the adapter.
    await portico.client.disconnect()
    expect(adapter.connected).toBe(false)
    expect((await portico.core.getState()).connections.solana?.status).toBe('disconnected')
    unregister()
    portico.client.destroy()
  }, 20_000)
})
