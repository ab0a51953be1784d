import type { IWalletKit } from '@reown/walletkit'
import type { SessionTypes } from '@walletconnect/types'
import { createPublicClient, encodeFunctionData, erc20Abi, http, parseEther, verifyMessage, verifyTypedData, type Hex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { DEV_MNEMONIC } from '../dev-accounts.ts'
import { SOLANA_LOCALNET_CAIP_ID, solanaService, startSandbox, type SandboxHandle } from '../index.ts'
import { DAPP_METADATA, connectDapp, guardFetch, shutdown, startDapp, startWallet } from '../relay/test-clients.ts'
import { testSandboxOptions } from '../../test/helpers.ts'
import { URI_MESSAGES } from './uri.ts'
import { createPhoneWallet, proposalPrompt, type PhoneWallet, type ProposalPrompt, type RequestPrompt } from './wallet.ts'

// Ports of this file (README "Tests"): base 22610 (relay 22614, phone wallet 22616).
const ACCOUNT_0 = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 0 }).address
const ACCOUNT_1 = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 1 }).address
const A = 'eip155:31337'
const B = 'eip155:31338'

let sandbox: SandboxHandle
let fetchGuard: ReturnType<typeof guardFetch>
let walletKit: IWalletKit
let wallet: PhoneWallet
let dapp: Awaited<ReturnType<typeof startDapp>>

const OPTIONS = testSandboxOptions(22610, { seedHistory: false, services: ['phoneWallet', 'catalogue'] })
/** The chain A port this file's sandbox runs on (22610, moved by PORTICO_E2E_PORT_OFFSET); the others follow it. */
const BASE = OPTIONS.chainPorts!.a as number

beforeAll(async () => {
  sandbox = await startSandbox(OPTIONS)
  fetchGuard = guardFetch()
})
afterAll(async () => {
  fetchGuard?.restore()
  await sandbox?.stop()
})

async function freshPair(): Promise<void> {
  walletKit = await startWallet(sandbox.relay.url, undefined, `phone-${Date.now()}`)
  wallet = createPhoneWallet({
    walletKit,
    chains: sandbox.phoneWallet.config.chains,
    accounts: [0, 1].map((index) => ({ index, account: mnemonicToAccount(DEV_MNEMONIC, { addressIndex: index }) })),
  })
  dapp = await startDapp(sandbox.relay.url, `dapp-${Date.now()}`)
}
afterEach(async () => {
  wallet?.stop()
  await Promise.all([walletKit && shutdown(walletKit.core), dapp && shutdown(dapp.core)])
})

const firstPrompt = async <K extends 'proposal' | 'request'>(kind: K): Promise<K extends 'proposal' ? ProposalPrompt : RequestPrompt> => {
  await expect.poll(() => wallet.state().prompts[0]?.kind).toBe(kind)
  return wallet.state().prompts[0] as K extends 'proposal' ? ProposalPrompt : RequestPrompt
}

const allMethods = ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_switchEthereumChain']
const events = ['chainChanged', 'accountsChanged']

/** Connects the dapp (both sandbox chains, 31337 required) through the wallet's prompt. */
async function connect(): Promise<SessionTypes.Struct> {
  const { uri, approved } = await connectDapp(dapp, {
    requiredNamespaces: { eip155: { chains: [A], methods: ['personal_sign'], events } },
    optionalNamespaces: { eip155: { chains: [A, B], methods: allMethods, events } },
  })
  expect(await wallet.pair(uri)).toBe(true)
  const prompt = await firstPrompt('proposal')
  await wallet.approve(prompt.key)
  return approved
}

const request = <T>(session: SessionTypes.Struct, method: string, params: unknown, chainId = A): Promise<T> => dapp.request<T>({ topic: session.topic, chainId, request: { method, params } })

// WalletKit hands the wallet one request at a time, the next one 1 s after the last answer (sign-client's
// request queue, as in a real wallet): tests with several requests take a few seconds.
describe('Sandbox Phone Wallet logic (WalletKit against the sandbox relay and chains)', () => {
  it('says what is wrong with a garbage, expired or used link, and pairs a good one', async () => {
    await freshPair()
    expect(await wallet.pair('hello there')).toBe(false)
    expect(wallet.state().notice).toMatchObject({ kind: 'error', text: URI_MESSAGES.notWalletConnect })
    const { uri } = await connectDapp(dapp, { optionalNamespaces: { eip155: { chains: [A], methods: ['personal_sign'], events } } })
    const expired = uri.replace(/expiryTimestamp=\d+/, `expiryTimestamp=${Math.floor(Date.now() / 1000) - 5}`)
    expect(await wallet.pair(expired)).toBe(false)
    expect(wallet.state().notice?.text).toBe(URI_MESSAGES.expired)
    expect(await wallet.pair(uri)).toBe(true)
    expect(await wallet.pair(uri)).toBe(false)
    expect(wallet.state().notice?.text).toBe(URI_MESSAGES.used)
  })

  it('shows the proposal (dapp, the chains it asks for), approves it, and the dapp gets the sandbox chains for account 0', async () => {
    await freshPair()
    const { uri, approved } = await connectDapp(dapp, { optionalNamespaces: { eip155: { chains: [A, B, 'eip155:1'], methods: allMethods, events } } })
    const t = performance.now()
    await wallet.pair(uri)
    const prompt = await firstPrompt('proposal')
    expect(prompt).toMatchObject({
      title: `Connect to ${DAPP_METADATA.name}?`,
      dapp: { name: DAPP_METADATA.name, url: DAPP_METADATA.url },
      chains: [
        { caip: A, name: 'Portico Local', required: false },
        { caip: B, name: 'Portico Local B', required: false },
        { caip: 'eip155:1', name: undefined, required: false },
      ],
      methods: allMethods,
      blocker: undefined,
    })
    await wallet.approve(prompt.key)
    const session = await approved
    console.log(`phone wallet logic: pair() to session ${(performance.now() - t).toFixed(0)} ms (the approval is immediate here)`)
    expect(session.namespaces.eip155).toMatchObject({ chains: [A, B], accounts: [`${A}:${ACCOUNT_0}`, `${B}:${ACCOUNT_0}`] })
    expect(wallet.state().sessions).toEqual([expect.objectContaining({ topic: session.topic, name: DAPP_METADATA.name, chains: [A, B] })])
    expect(wallet.state().prompts).toEqual([])
  })

  it('grants only the chains and methods it is told to (the page’s ?chains= and ?methods=)', async () => {
    walletKit = await startWallet(sandbox.relay.url, undefined, `phone-${Date.now()}`)
    wallet = createPhoneWallet({
      walletKit,
      chains: sandbox.phoneWallet.config.chains,
      accounts: [{ index: 0, account: mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 0 }) }],
      grant: { chains: [31337], methods: ['personal_sign', 'eth_sendTransaction'] },
    })
    dapp = await startDapp(sandbox.relay.url, `dapp-${Date.now()}`)
    const { uri, approved } = await connectDapp(dapp, { optionalNamespaces: { eip155: { chains: [A, B], methods: allMethods, events } } })
    await wallet.pair(uri)
    await wallet.approve((await firstPrompt('proposal')).key)
    const session = await approved
    expect(session.namespaces.eip155).toMatchObject({ chains: [A], methods: ['personal_sign', 'eth_sendTransaction'], accounts: [`${A}:${ACCOUNT_0}`] })
  })

  it('signs personal_sign and eth_signTypedData_v4 after approval; a rejection reaches the dapp as 4001', async () => {
    await freshPair()
    const session = await connect()

    const t = performance.now()
    const signing = request<Hex>(session, 'personal_sign', ['0x68656c6c6f2066726f6d20706f727469636f', ACCOUNT_0])
    const prompt = await firstPrompt('request')
    expect(prompt).toMatchObject({ method: 'personal_sign', title: 'Sign a message for http://127.0.0.1:5173?', dapp: DAPP_METADATA.name })
    expect(prompt.rows[0]).toMatchObject({ label: 'Message', value: 'hello from portico' })
    await wallet.approve(prompt.key)
    const signature = await signing
    console.log(`phone wallet logic: personal_sign round trip with the approval ${(performance.now() - t).toFixed(0)} ms`)
    expect(await verifyMessage({ address: ACCOUNT_0, message: 'hello from portico', signature })).toBe(true)

    const typedData = {
      domain: { name: 'Portico', version: '1', chainId: 31337 },
      types: { Hello: [{ name: 'text', type: 'string' }] },
      primaryType: 'Hello',
      message: { text: 'typed hello' },
    } as const
    const domainType = [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
    ]
    const typed = request<Hex>(session, 'eth_signTypedData_v4', [ACCOUNT_0, JSON.stringify({ ...typedData, types: { EIP712Domain: domainType, ...typedData.types } })])
    await wallet.approve((await firstPrompt('request')).key)
    expect(await verifyTypedData({ address: ACCOUNT_0, ...typedData, signature: await typed })).toBe(true)

    const rejected = request(session, 'personal_sign', ['0x6869', ACCOUNT_0]).catch((e: unknown) => e)
    await wallet.reject((await firstPrompt('request')).key)
    expect(await rejected).toMatchObject({ code: 4001, message: 'User rejected the request.' })
  })

  it('sends a transaction on the sandbox chain; a token whose transfer reverts comes back as the node’s execution reverted', async () => {
    await freshPair()
    const session = await connect()
    const receiver = sandbox.devAccounts[6]!.address
    const chain = sandbox.chains[0]!
    const client = createPublicClient({ chain: chain.viemChain, transport: http(chain.rpcUrl) })
    const before = await client.getBalance({ address: receiver })

    const sending = request<Hex>(session, 'eth_sendTransaction', [{ from: ACCOUNT_0, to: receiver, value: `0x${parseEther('0.01').toString(16)}` }])
    const prompt = await firstPrompt('request')
    expect(prompt.title).toBe('Send a transaction for http://127.0.0.1:5173?')
    expect(prompt.rows).toEqual(
      expect.arrayContaining([
        { label: 'Value', value: '0.01 ETH' },
        { label: 'Network', value: 'Portico Local (31337)' },
      ]),
    )
    await wallet.approve(prompt.key)
    const hash = await sending
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(await client.getBalance({ address: receiver })).toBe(before + parseEther('0.01'))

    const frozen = sandbox.contracts[31337]!.FRZ!.address
    const reverting = request(session, 'eth_sendTransaction', [{ from: ACCOUNT_0, to: frozen, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [receiver, 1n] }) }])
    await wallet.approve((await firstPrompt('request')).key)
    await expect(reverting).rejects.toMatchObject({ code: 3, message: 'execution reverted: FrozenToken: transfers are frozen' })
  })

  it('switches chain on request (prompted) or by the person, and account: the dapp hears session updates and events', async () => {
    await freshPair()
    const { uri, approved } = await connectDapp(dapp, { optionalNamespaces: { eip155: { chains: [A], methods: allMethods, events } } })
    await wallet.pair(uri)
    await wallet.approve((await firstPrompt('proposal')).key)
    const session = await approved
    expect(session.namespaces.eip155?.chains).toEqual([A])
    const heard: string[] = []
    dapp.on('session_event', ({ params }) => heard.push(`${params.event.name} ${JSON.stringify(params.event.data)}`))
    dapp.on('session_update', ({ params }) => heard.push(`update ${params.namespaces.eip155?.accounts.join(',')}`))

    await expect(request(session, 'wallet_switchEthereumChain', [{ chainId: '0x1' }])).rejects.toMatchObject({ code: 4902 })
    const switching = request(session, 'wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])
    const prompt = await firstPrompt('request')
    expect(prompt.title).toBe('Switch to Portico Local B for http://127.0.0.1:5173?')
    await wallet.approve(prompt.key)
    expect(await switching).toBeNull()
    expect(wallet.state().chain.id).toBe(31338)
    await expect.poll(() => heard).toEqual([`update ${A}:${ACCOUNT_0},${B}:${ACCOUNT_0}`, 'chainChanged 31338'])

    heard.length = 0
    await wallet.switchChain(31337)
    await expect.poll(() => heard).toEqual(['chainChanged 31337'])

    heard.length = 0
    await wallet.switchAccount(1)
    await expect.poll(() => heard).toEqual([`update ${A}:${ACCOUNT_1},${B}:${ACCOUNT_1}`, `accountsChanged ["${ACCOUNT_1}"]`])
    expect(dapp.session.get(session.topic).namespaces.eip155?.accounts).toEqual([`${A}:${ACCOUNT_1}`, `${B}:${ACCOUNT_1}`])
    await expect(request(session, 'personal_sign', ['0x6869', ACCOUNT_0])).rejects.toMatchObject({ code: 4100 })
  })

  it('a rejected proposal fails the dapp’s approval; one that asks for no chain the wallet has cannot be approved', async () => {
    await freshPair()
    const first = await connectDapp(dapp, { optionalNamespaces: { eip155: { chains: [A], methods: ['personal_sign'], events } } })
    await wallet.pair(first.uri)
    await wallet.reject((await firstPrompt('proposal')).key)
    await expect(first.approved).rejects.toMatchObject({ code: 5000 })

    // sign-client 2.x moves required namespaces into the optional ones, so "requires" comes from older dapps only.
    const second = await connectDapp(dapp, { requiredNamespaces: { eip155: { chains: ['eip155:1'], methods: ['personal_sign'], events } } })
    await wallet.pair(second.uri)
    const prompt = await firstPrompt('proposal')
    expect(prompt.blocker).toBe(`${DAPP_METADATA.name} asks for no network this wallet has (eip155:1): only Reject is possible.`)
    await wallet.approve(prompt.key)
    expect(wallet.state().notice?.text).toBe(prompt.blocker)
    expect(wallet.state().prompts).toHaveLength(1)
    await wallet.reject(prompt.key)
    expect(wallet.state().prompts).toEqual([])
  })

  it('a proposal that requires a chain the wallet lacks (an older dapp) cannot be approved', () => {
    const prompt = proposalPrompt(
      {
        id: 7,
        params: {
          id: 7,
          expiryTimestamp: 0,
          pairingTopic: 'p',
          relays: [{ protocol: 'irn' }],
          proposer: { publicKey: 'k', metadata: { ...DAPP_METADATA, icons: ['http://127.0.0.1:5173/icon.svg'] } },
          requiredNamespaces: { eip155: { chains: ['eip155:1', A], methods: ['personal_sign'], events } },
          optionalNamespaces: { eip155: { chains: [B], methods: ['eth_sendTransaction'], events } },
        },
        verifyContext: { verified: { origin: DAPP_METADATA.url, validation: 'UNKNOWN', verifyUrl: '' } },
      },
      sandbox.phoneWallet.config.chains,
    )
    expect(prompt).toMatchObject({
      chains: [
        { caip: 'eip155:1', name: undefined, required: true },
        { caip: A, name: 'Portico Local', required: true },
        { caip: B, name: 'Portico Local B', required: false },
      ],
      methods: ['personal_sign', 'eth_sendTransaction'],
      dapp: { icon: 'http://127.0.0.1:5173/icon.svg' },
      blocker: `${DAPP_METADATA.name} requires eip155:1, which this wallet does not have: only Reject is possible.`,
    })
  })

  it('a disconnect from either side ends the session on the other', async () => {
    await freshPair()
    const fromWallet = await connect()
    const deleted = new Promise<string>((resolve) => dapp.on('session_delete', ({ topic }) => resolve(topic)))
    await wallet.disconnect(fromWallet.topic)
    expect(await deleted).toBe(fromWallet.topic)
    expect(wallet.state().sessions).toEqual([])

    const fromDapp = await connect()
    expect(wallet.state().sessions).toHaveLength(1)
    await dapp.disconnect({ topic: fromDapp.topic, reason: { code: 6000, message: 'User disconnected.' } })
    await expect.poll(() => wallet.state().sessions).toEqual([])
    expect(wallet.state().notice?.text).toBe(`${DAPP_METADATA.name} ended the session`)
  })
})

describe('the page the sandbox serves', () => {
  it('serves the page under a CSP that lets it reach only the relay and the chains, its config, and its code', async () => {
    const url = sandbox.phoneWallet.url
    expect(url).toBe(`http://127.0.0.1:${BASE + 6}`)
    const page = await fetch(`${url}/wc?uri=${encodeURIComponent('wc:abc@2')}`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toBe(
      `default-src 'none'; script-src 'self'; style-src 'self'; img-src * data:; connect-src 'self' ws://127.0.0.1:${BASE + 4} http://127.0.0.1:${BASE} http://127.0.0.1:${BASE + 1} ${new URL(sandbox.service(solanaService).rpcUrl).origin}; base-uri 'none'; form-action 'none'`,
    )
    expect(await page.text()).toContain('<script type="module" src="/assets/phone-wallet.js"></script>')
    expect(await (await fetch(`${url}/config.json`)).json()).toEqual({
      relayUrl: `ws://127.0.0.1:${BASE + 4}`,
      projectId: 'portico-sandbox-phone-wallet',
      chains: [
        {
          id: 31337,
          name: 'Portico Local',
          rpcUrl: `http://127.0.0.1:${BASE}`,
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          blockExplorerUrl: `http://127.0.0.1:${BASE + 2}/explorer/31337`,
        },
        {
          id: 31338,
          name: 'Portico Local B',
          rpcUrl: `http://127.0.0.1:${BASE + 1}`,
          nativeCurrency: { name: 'Bee', symbol: 'BEE', decimals: 18 },
          blockExplorerUrl: `http://127.0.0.1:${BASE + 2}/explorer/31338`,
        },
      ],
      solanaChains: [{ caipNetworkId: SOLANA_LOCALNET_CAIP_ID, name: 'Solana Localnet', rpcUrl: sandbox.service(solanaService).rpcUrl }],
      accountIndexes: [0, 1, 2, 3, 4],
      url,
    })
    const js = await fetch(`${url}/assets/phone-wallet.js`)
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect((await js.text()).length).toBe(sandbox.phoneWallet.bundle.bytes)
    expect((await fetch(`${url}/assets/phone-wallet.css`)).status).toBe(200)
    expect(sandbox.phoneWallet.deepLink('wc:x@2?a=b')).toBe(`${url}/wc?uri=wc%3Ax%402%3Fa%3Db`)
    const listed = sandbox.catalogue.wallets().find((w) => w.name === 'Sandbox Phone Wallet')
    expect(listed).toMatchObject({ mobile_link: `${url}/`, webapp_link: `${url}/` })
  })

  it('asked nothing of the hosted verify service (walletkit’s one telemetry event per start was refused at once)', () => {
    expect(fetchGuard.outside.filter((u) => !u.startsWith('https://pulse.walletconnect.org/'))).toEqual([])
  })
})
