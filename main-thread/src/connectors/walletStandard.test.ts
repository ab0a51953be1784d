import { describe, expect, it, vi } from 'vitest'
import { registerWallet } from '@wallet-standard/wallet'
import type { Wallet } from '@wallet-standard/base'
import {
  getBase58Decoder,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  address,
  appendTransactionMessageInstruction,
  compileTransaction,
  createTransactionMessage,
  getBase64Encoder,
  getTransactionDecoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  verifySignature,
  type Blockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { UserRejectedRequestError } from 'viem'
import type { Network } from '@portico/shared-types'
import { SOLANA_CAIP_IDS, solanaDevnet, solanaMainnet } from '@portico/shared-types/solana'
import { eip1193Connector } from './eip1193.ts'
import { createConnectorRegistry, type ConnectorSourceContext } from './registry.ts'
import type { Connector, ConnectorEvent, ConnectorSource } from './types.ts'
import { solanaChainMap, walletStandardSource } from './walletStandard.ts'
import { ICON, signerOf, TestWallet } from '../../test/standardWallet.ts'

const LOCALNET: Network = { ...solanaDevnet, id: 'CVKvLJxd3XizetK5FTJT3EZAi4RhiiK4', caipNetworkId: 'solana:CVKvLJxd3XizetK5FTJT3EZAi4RhiiK4', name: 'Solana Localnet' }
const networks: Network[] = [solanaMainnet, solanaDevnet, LOCALNET]

/** An EVM wallet's EIP-1193 provider: one account on chain 1. */
const evmProvider = () => ({
  request: async ({ method }: { method: string }) => (method === 'eth_chainId' ? '0x1' : ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8']),
  on: () => undefined,
  removeListener: () => undefined,
})

const fixed = (connectors: Connector[]): ConnectorSource => ({ connectors: () => connectors, subscribe: () => () => undefined, destroy: () => undefined })

describe('Wallet Standard discovery', () => {
  it('maps the Wallet Standard chains to CAIP-2 ids, localnet to the dapp’s own Solana network', () => {
    const map = solanaChainMap(networks)
    expect(map.get('solana:mainnet')).toBe(SOLANA_CAIP_IDS.mainnet)
    expect(map.get('solana:devnet')).toBe(SOLANA_CAIP_IDS.devnet)
    expect(map.get('solana:localnet')).toBe(LOCALNET.caipNetworkId)
    expect(solanaChainMap([solanaMainnet]).has('solana:localnet')).toBe(false)
  })

  it('lists each registered Solana wallet once with its icon; an EVM-only one and a malformed one are left out', async () => {
    const signer = await signerOf(1)
    const source = walletStandardSource({ networks })
    const onChange = vi.fn()
    source.subscribe(onChange)
    const before = source.connectors().length
    registerWallet(new TestWallet('Listed Wallet', signer))
    registerWallet(new TestWallet('Ether Only', signer, ['eip155:1']))
    registerWallet(Object.assign(new TestWallet('Bad Icon', signer), { icon: 'javascript:alert(1)' }) as unknown as Wallet)
    const listed = source.connectors().slice(before)
    expect(listed.map((c) => [c.id, c.name, c.type, c.namespaces])).toEqual([['walletStandard:Listed Wallet', 'Listed Wallet', 'ANNOUNCED', ['solana']]])
    expect(listed[0]!.icon).toBe(ICON)
    expect(onChange).toHaveBeenCalled()
    source.destroy()
  })

  it('connects, answers the core’s Solana steps with real signatures, follows account and chain changes, and disconnects', async () => {
    const signer = await signerOf(2)
    const wallet = new TestWallet('Connect Wallet', signer, ['solana:localnet', 'solana:devnet'])
    registerWallet(wallet)
    const source = walletStandardSource({ networks })
    const connector = source.connectors().find((c) => c.name === 'Connect Wallet')!
    expect(await connector.getCaipAddress('solana')).toBeNull()

    const caipAddress = await connector.connect({ namespace: 'solana', network: LOCALNET })
    expect(caipAddress).toBe(`${LOCALNET.caipNetworkId}:${signer.address}`)
    expect(await connector.getCaipAddress('solana')).toBe(caipAddress)

    // The step the core hands the page for a send: an unsigned v0 transaction, base64.
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(signer.address, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: '11111111111111111111111111111111' as Blockhash, lastValidBlockHeight: 10n }, m),
      (m) => appendTransactionMessageInstruction(getTransferSolInstruction({ source: signer, destination: address('11111111111111111111111111111112'), amount: 1n }), m),
    )
    const transaction = getBase64EncodedWireTransaction(compileTransaction(message))
    const provider = await connector.getProvider('solana')
    const answer = (await provider.request({ method: 'solana_signAndSendTransaction', params: [{ transaction }] })) as { signature: string }
    expect(wallet.sent[0]).toEqual(new Uint8Array(getBase64Encoder().encode(transaction)))
    const signature = new Uint8Array(getBase58Encoder().encode(answer.signature))
    const { messageBytes } = getTransactionDecoder().decode(wallet.sent[0]!)
    expect(await verifySignature(signer.keyPair.publicKey, signature as never, messageBytes)).toBe(true)

    const text = new TextEncoder().encode('Sign in to Portico')
    const signed = (await provider.request({ method: 'solana_signMessage', params: [{ message: getBase58Decoder().decode(text), pubkey: signer.address }] })) as { signature: string }
    expect(await verifySignature(signer.keyPair.publicKey, new Uint8Array(getBase58Encoder().encode(signed.signature)) as never, text)).toBe(true)
    await expect(provider.request({ method: 'solana_signAllTransactions', params: [] })).rejects.toThrow('not supported')

    const events: ConnectorEvent[] = []
    const stop = connector.subscribe((event) => events.push(event))
    wallet.setChains(['solana:devnet'])
    wallet.lock()
    stop()
    wallet.setChains(['solana:mainnet'])
    expect(events).toEqual([
      { type: 'change', caipAddress: `${SOLANA_CAIP_IDS.devnet}:${signer.address}` },
      { type: 'disconnect', namespace: 'solana' },
    ])

    await connector.disconnect()
    expect(wallet.accounts).toEqual([])
    source.destroy()
  })

  it('a refusal is the visitor’s (UserRejectedRequestError)', async () => {
    const wallet = Object.assign(new TestWallet('Refusing Wallet', await signerOf(3)), { refuse: true })
    registerWallet(wallet)
    const source = walletStandardSource({ networks })
    const connector = source.connectors().find((c) => c.name === 'Refusing Wallet')!
    await expect(connector.connect({ namespace: 'solana' })).rejects.toBeInstanceOf(UserRejectedRequestError)
    source.destroy()
  })

  it('a wallet announced for EVM (EIP-6963) and Solana (Wallet Standard) is listed once, each namespace served by its side', async () => {
    const signer = await signerOf(4)
    const wallet = new TestWallet('Both Wallet', signer)
    registerWallet(wallet)
    const evm = eip1193Connector({ id: 'com.both', type: 'ANNOUNCED', name: 'Both Wallet', icon: ICON, rdns: 'com.both', provider: evmProvider() })
    const other = eip1193Connector({ id: 'com.other', type: 'ANNOUNCED', name: 'Other', rdns: 'com.other', provider: evmProvider() })
    const registry = createConnectorRegistry({ config: { networks } } as unknown as ConnectorSourceContext, [() => fixed([evm, other]), () => walletStandardSource({ networks })])
    const both = registry.connectors().filter((c) => c.name === 'Both Wallet')
    expect(both).toHaveLength(1)
    const [combined] = both
    expect(combined!.id).toBe('com.both')
    expect(combined!.namespaces).toEqual(['eip155', 'solana'])
    expect(registry.connectors().find((c) => c.id === 'com.other')?.namespaces).toEqual(['eip155'])
    expect(registry.connectors()).toBe(registry.connectors())

    expect(await combined!.connect({ namespace: 'eip155' })).toBe('eip155:1:0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    expect(await combined!.connect({ namespace: 'solana', network: solanaMainnet })).toBe(`${SOLANA_CAIP_IDS.mainnet}:${signer.address}`)

    // The Solana side's session ending ends the solana namespace only.
    const events: ConnectorEvent[] = []
    const stop = combined!.subscribe((event) => events.push(event))
    wallet.lock()
    stop()
    expect(events).toEqual([{ type: 'disconnect', namespace: 'solana' }])
    registry.destroy()
  })
})
