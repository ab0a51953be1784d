/**
 * Sign-in with smart accounts against the sandbox's SIWX verifier over real HTTP, on the sandbox's
 * anvil: an ERC-1271 account verifies before deployment through EIP-6492 (its factory's call, run
 * only in simulation) and once deployed through EIP-1271; a wrong owner is refused either way. The
 * published ERC-4337 v0.8 SimpleAccount has no ERC-1271 (`isValidSignature`), and its factory deploys
 * only for the EntryPoint's SenderCreator, so no verifier can accept a sign-in from one: refused here
 * too, which the modal shows as 'This application might not support Smart Accounts'. The embedded
 * wallet's account, the sandbox's SimpleAccount1271 (that SimpleAccount plus ERC-1271, from a factory
 * anyone may call), signs in both ways.
 */
import { toSimpleSmartAccount } from 'permissionless/accounts'
import { createPublicClient, createWalletClient, encodeFunctionData, http, parseAbi, serializeErc6492Signature, type Address, type Hex, type PublicClient } from 'viem'
import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENTRY_POINT_V08, SIMPLE_ACCOUNT_1271_FACTORY, SIMPLE_ACCOUNT_FACTORY_V08 } from '../aa/contracts.ts'
import { CONTRACTS_DIR, compileContracts } from '../contracts/compile.ts'
import { startSandbox, type SandboxHandle } from '../index.ts'
import { testSandboxOptions } from '../../test/helpers.ts'

const ORIGIN = 'https://dapp.example'
const PROJECT = 'smart-account-sign-in'
const TEST_MNEMONIC = 'test test test test test test test test test test test junk'
const factoryAbi = parseAbi(['function createAccount(address owner, uint256 salt) returns (address)', 'function getAddress(address owner, uint256 salt) view returns (address)'])

let sandbox: SandboxHandle
let client: PublicClient
let factory: Address

beforeAll(async () => {
  sandbox = await startSandbox(testSandboxOptions(22680, { seedHistory: false }))
  const chain = sandbox.chains.find((c) => c.chainId === 31337)!
  client = createPublicClient({ chain: chain.viemChain, transport: http(chain.rpcUrl) })
  const { artifacts } = await compileContracts({ contractsDir: `${CONTRACTS_DIR}/siwx` })
  const bytecode = artifacts['SandboxSigningAccountFactory']!.bytecode
  const deployer = createWalletClient({ account: mnemonicToAccount(TEST_MNEMONIC, { addressIndex: 9 }), chain: chain.viemChain, transport: http(chain.rpcUrl) })
  const hash = await deployer.deployContract({ abi: factoryAbi, bytecode: (bytecode.startsWith('0x') ? bytecode : `0x${bytecode}`) as Hex })
  factory = (await client.waitForTransactionReceipt({ hash })).contractAddress!
  // ERC-4337 v0.8 (the published SimpleAccountFactory) is placed once the seed is done.
  for (const address of [SIMPLE_ACCOUNT_FACTORY_V08, SIMPLE_ACCOUNT_1271_FACTORY]) {
    for (let i = 0; i < 600 && ((await client.getCode({ address })) ?? '0x') === '0x'; i++) await new Promise((r) => setTimeout(r, 100))
  }
}, 180_000)
afterAll(() => sandbox?.stop())

const url = (path: string) => `${sandbox.dataApi.url}/v1/siwx/${path}?projectId=${PROJECT}&st=test&sv=test`
const headers = { 'content-type': 'application/json', origin: ORIGIN }

/** The EIP-4361 message of `address` for `ORIGIN` on 31337 with a fresh nonce from the verifier. */
async function messageFor(address: Address): Promise<string> {
  const { nonce } = (await (await fetch(url('nonce'), { headers })).json()) as { nonce: string }
  const issuedAt = new Date()
  return createSiweMessage({ address, chainId: 31337, domain: 'dapp.example', uri: `${ORIGIN}/login`, version: '1', nonce, issuedAt, expirationTime: new Date(issuedAt.getTime() + 3_600_000) })
}

async function verify(message: string, signature: Hex): Promise<{ status: number; body: { error?: string; session?: { address?: string } } }> {
  const response = await fetch(url('verify'), { method: 'POST', headers, body: JSON.stringify({ message, signature, chainId: 31337 }) })
  return { status: response.status, body: (await response.json()) as { error?: string; session?: { address?: string } } }
}

describe('SIWX verifier: smart accounts', () => {
  it('an ERC-1271 account not yet deployed signs in through EIP-6492, then deployed through EIP-1271; a stranger cannot sign for it', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const stranger = privateKeyToAccount(generatePrivateKey())
    const account = await client.readContract({ address: factory, abi: factoryAbi, functionName: 'getAddress', args: [owner.address, 0n] })
    expect(await client.getCode({ address: account })).toBeUndefined()
    const factoryData = encodeFunctionData({ abi: factoryAbi, functionName: 'createAccount', args: [owner.address, 0n] })

    // Counterfactual: the owner's signature wrapped with the factory call that would deploy the account (EIP-6492).
    const first = await messageFor(account)
    const counterfactual = await verify(first, serializeErc6492Signature({ address: factory, data: factoryData, signature: await owner.signMessage({ message: first }) }))
    expect(counterfactual).toMatchObject({ status: 200, body: { session: { address: account } } })
    // Verified in simulation only: still nothing at the address.
    expect(await client.getCode({ address: account })).toBeUndefined()
    const forged = await messageFor(account)
    expect(await verify(forged, serializeErc6492Signature({ address: factory, data: factoryData, signature: await stranger.signMessage({ message: forged }) }))).toMatchObject({
      status: 401,
      body: { error: 'Invalid signature' },
    })

    // Deployed: the owner's plain signature, checked by the account's isValidSignature (EIP-1271).
    const deployer = createWalletClient({ account: mnemonicToAccount(TEST_MNEMONIC, { addressIndex: 9 }), transport: http(sandbox.chains.find((c) => c.chainId === 31337)!.rpcUrl) })
    await client.waitForTransactionReceipt({ hash: await deployer.writeContract({ chain: null, address: factory, abi: factoryAbi, functionName: 'createAccount', args: [owner.address, 0n] }) })
    expect((await client.getCode({ address: account }))?.length ?? 0).toBeGreaterThan(2)
    const second = await messageFor(account)
    expect(await verify(second, await owner.signMessage({ message: second }))).toMatchObject({ status: 200, body: { session: { address: account } } })
    const third = await messageFor(account)
    expect(await verify(third, await stranger.signMessage({ message: third }))).toMatchObject({ status: 401, body: { error: 'Invalid signature' } })
  }, 60_000)

  it('the published v0.8 SimpleAccount cannot sign in: no ERC-1271, and its factory deploys only for the EntryPoint', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const simple = await toSimpleSmartAccount({ client, owner, entryPoint: { address: ENTRY_POINT_V08, version: '0.8' } })
    const { factory: simpleFactory, factoryData } = await simple.getFactoryArgs()
    const message = await messageFor(simple.address)
    const wrapped = serializeErc6492Signature({ address: simpleFactory!, data: factoryData!, signature: await owner.signMessage({ message }) })
    expect(await verify(message, wrapped)).toMatchObject({ status: 401, body: { error: 'Invalid signature' } })
    // permissionless says the same before anything is signed.
    await expect(simple.signMessage({ message })).rejects.toThrow("Simple account isn't 1271 compliant")
  }, 60_000)

  it("the embedded wallet's SimpleAccount1271 signs in before deployment (EIP-6492) and after (EIP-1271); a stranger cannot sign for it", async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const stranger = privateKeyToAccount(generatePrivateKey())
    const account = await toSimpleSmartAccount({ client, owner, factoryAddress: SIMPLE_ACCOUNT_1271_FACTORY, entryPoint: { address: ENTRY_POINT_V08, version: '0.8' } })
    const { factory: accountFactory, factoryData } = await account.getFactoryArgs()
    expect(accountFactory).toBe(SIMPLE_ACCOUNT_1271_FACTORY)
    const wrap = (signature: Hex) => serializeErc6492Signature({ address: accountFactory!, data: factoryData!, signature })

    const first = await messageFor(account.address)
    expect(await verify(first, wrap(await owner.signMessage({ message: first })))).toMatchObject({ status: 200, body: { session: { address: account.address } } })
    expect(await client.getCode({ address: account.address })).toBeUndefined()
    const forged = await messageFor(account.address)
    expect(await verify(forged, wrap(await stranger.signMessage({ message: forged })))).toMatchObject({ status: 401, body: { error: 'Invalid signature' } })

    // Deployed by anyone through the factory (the call EIP-6492 simulated).
    const deployer = createWalletClient({ account: mnemonicToAccount(TEST_MNEMONIC, { addressIndex: 9 }), transport: http(sandbox.chains.find((c) => c.chainId === 31337)!.rpcUrl) })
    await client.waitForTransactionReceipt({
      hash: await deployer.writeContract({ chain: null, address: SIMPLE_ACCOUNT_1271_FACTORY, abi: factoryAbi, functionName: 'createAccount', args: [owner.address, 0n] }),
    })
    expect((await client.getCode({ address: account.address }))?.length ?? 0).toBeGreaterThan(2)
    const second = await messageFor(account.address)
    expect(await verify(second, await owner.signMessage({ message: second }))).toMatchObject({ status: 200, body: { session: { address: account.address } } })
    const third = await messageFor(account.address)
    expect(await verify(third, await stranger.signMessage({ message: third }))).toMatchObject({ status: 401, body: { error: 'Invalid signature' } })
  }, 60_000)
})
