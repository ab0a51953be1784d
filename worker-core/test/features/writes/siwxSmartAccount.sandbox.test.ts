/**
 * Sign-in with smart accounts through the core against a real sandbox: the verifier (viem's
 * `verifySiweMessage` on the sandbox's anvil) takes an ERC-1271 account's signature before deployment
 * (EIP-6492) and after (EIP-1271), and the core keeps the session; a refused smart account's signature
 * is SIWX_VERIFY_FAILED marked as a smart account's (the modal's 'This application might not support
 * Smart Accounts'), checked by the core itself against the chain.
 */
import type { Sandbox } from '@portico/sandbox'
import { toSimpleSmartAccount } from 'permissionless/accounts'
import { createPublicClient, createWalletClient, encodeFunctionData, hexToString, http, parseAbi, serializeErc6492Signature, verifyMessage, type Address, type Hex } from 'viem'
import { createSiweMessage } from 'viem/siwe'
import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CoreConfig } from '@portico/shared-types'
import type { WriteIntent, WriteResult } from '@portico/shared-types/write'
import { ENTRY_POINT_V08, SIMPLE_ACCOUNT_FACTORY_V08 } from '../../../../sandbox/src/aa/contracts.ts'
import { CONTRACTS_DIR, compileContracts } from '../../../../sandbox/src/contracts/compile.ts'
import { TEST_MNEMONIC } from '../../../../sandbox/wallet/provider.ts'
import type { Core } from '../../../src/core.ts'
import { connectedTestCore, sandboxConfig, startTestSandbox } from '../../sandbox.ts'
import { smartAccountSignature } from '../../../src/features/siwx/smartAccountSignature.ts'

const factoryAbi = parseAbi(['function createAccount(address owner, uint256 salt) returns (address)', 'function getAddress(address owner, uint256 salt) view returns (address)'])

let sandbox: Sandbox
let config: CoreConfig
let factory: Address

const rpcUrl = () => sandbox.chains[0]!.rpcUrl
const chain = () => createPublicClient({ transport: http(rpcUrl()) })
const deployer = () => createWalletClient({ account: mnemonicToAccount(TEST_MNEMONIC, { addressIndex: 8 }), transport: http(rpcUrl()) })

beforeAll(async () => {
  sandbox = await startTestSandbox(15200)
  config = sandboxConfig(sandbox, 'siwx-smart-account-test')
  const { artifacts } = await compileContracts({ contractsDir: `${CONTRACTS_DIR}/siwx` })
  const code = artifacts['SandboxSigningAccountFactory']!.bytecode
  const hash = await deployer().deployContract({ chain: null, abi: factoryAbi, bytecode: (code.startsWith('0x') ? code : `0x${code}`) as Hex })
  factory = (await chain().waitForTransactionReceipt({ hash })).contractAddress!
  for (let i = 0; i < 600 && ((await chain().getCode({ address: SIMPLE_ACCOUNT_FACTORY_V08 })) ?? '0x') === '0x'; i++) await new Promise((r) => setTimeout(r, 100))
}, 180_000)
afterAll(async () => {
  await sandbox?.stop()
})

const signIn = (address: Address): Extract<WriteIntent, { kind: 'siwx' }> => ({
  kind: 'siwx',
  caipAddress: `eip155:31337:${address}`,
  domain: '127.0.0.1:5173',
  uri: 'http://127.0.0.1:5173/',
  expiresInMs: 60_000,
})

/** The core's sign-in, its one wallet step answered by `sign` (the smart account's wallet: its owner's signature, wrapped as that wallet wraps it). */
async function signInWith(core: Core, address: Address, sign: (message: string) => Promise<Hex>): Promise<WriteResult> {
  const step = await core.prepareWrite(signIn(address))
  if (step.status !== 'step') return step
  expect(step.request.method).toBe('personal_sign')
  expect(await core.markWriteAsked(step.writeId)).toBe(true)
  const message = hexToString(step.request.params[0] as Hex)
  return core.submitWriteResult(step.writeId, { ok: true, result: await sign(message) })
}

/** An ERC-1271 account of `owner` (SandboxSigningAccount), counterfactual until `deploy`. */
async function signingAccount(owner: PrivateKeyAccount) {
  const address = await chain().readContract({ address: factory, abi: factoryAbi, functionName: 'getAddress', args: [owner.address, 0n] })
  const factoryData = encodeFunctionData({ abi: factoryAbi, functionName: 'createAccount', args: [owner.address, 0n] })
  return {
    address,
    /** EIP-6492 while not deployed, the owner's plain signature (EIP-1271) once it is. */
    async sign(message: string): Promise<Hex> {
      const signature = await owner.signMessage({ message })
      const deployed = ((await chain().getCode({ address })) ?? '0x') !== '0x'
      return deployed ? signature : serializeErc6492Signature({ address: factory, data: factoryData, signature })
    },
    async deploy() {
      await chain().waitForTransactionReceipt({ hash: await deployer().writeContract({ chain: null, address: factory, abi: factoryAbi, functionName: 'createAccount', args: [owner.address, 0n] }) })
    },
  }
}

describe('SIWX with smart accounts through the core', () => {
  it('an ERC-1271 account signs in before deployment (EIP-6492) and after (EIP-1271); the core keeps the session', async () => {
    const account = await signingAccount(privateKeyToAccount(generatePrivateKey()))
    const core = await connectedTestCore(config, account.address)
    expect(await signInWith(core, account.address, account.sign)).toMatchObject({ status: 'done', result: { data: { accountAddress: account.address } } })
    expect((await core.getState()).siwxSessions.map((s) => s.data.accountAddress)).toEqual([account.address])
    core.dispose()

    await account.deploy()
    const again = await connectedTestCore(config, account.address)
    const result = await signInWith(again, account.address, account.sign)
    expect(result).toMatchObject({ status: 'done' })
    // The signature the verifier took is the plain one, checked by the deployed account (EIP-1271).
    expect((result as { result: { signature: string } }).result.signature).toHaveLength(132)
    again.dispose()
  }, 60_000)

  it("a signature the verifier refuses from a smart account is marked as a smart account's: 'This application might not support Smart Accounts'", async () => {
    // The published v0.8 SimpleAccount has no ERC-1271: whatever its owner signs, no verifier can take it.
    const owner = privateKeyToAccount(generatePrivateKey())
    const simple = await toSimpleSmartAccount({ client: chain(), owner, entryPoint: { address: ENTRY_POINT_V08, version: '0.8' } })
    const { factory: simpleFactory, factoryData } = await simple.getFactoryArgs()
    const core = await connectedTestCore(config, simple.address)
    const result = await signInWith(core, simple.address, async (message) =>
      serializeErc6492Signature({ address: simpleFactory!, data: factoryData!, signature: await owner.signMessage({ message }) }),
    )
    expect(result).toMatchObject({ status: 'error', error: { code: 'SIWX_VERIFY_FAILED', values: { account: 'smartAccount' } } })
    expect((result as { error: { details: string } }).error.details).toContain('does not hold on chain either')
    expect((await core.getState()).siwxSessions).toEqual([])
    core.dispose()

    // An EOA's wrong signature stays a declined signature (no smart-account mark).
    const eoa = privateKeyToAccount(generatePrivateKey())
    const other = privateKeyToAccount(generatePrivateKey())
    const eoaCore = await connectedTestCore(config, eoa.address)
    const declined = await signInWith(eoaCore, eoa.address, (message) => other.signMessage({ message }))
    expect(declined).toMatchObject({ status: 'error', error: { code: 'SIWX_VERIFY_FAILED' } })
    expect((declined as { error: { values?: unknown } }).error.values).toBeUndefined()
    eoaCore.dispose()
  }, 60_000)

  it("a dapp's own verifier that checks signatures by ecrecover only refuses a smart account: marked as a smart account's", async () => {
    const account = await signingAccount(privateKeyToAccount(generatePrivateKey()))
    const core = await connectedTestCore(config, account.address)
    // The dapp's SIWX configuration in the page: it makes the message, and checks a signature as an EOA's (viem's verifyMessage without a client).
    const dapp = async (request: { method: string; params: unknown[] }): Promise<unknown> => {
      if (request.method === 'siwx_createMessage') {
        const { accountAddress, chainId } = request.params[0] as { accountAddress: Address; chainId: `eip155:${number}` }
        const data = {
          accountAddress,
          chainId,
          domain: '127.0.0.1:5173',
          uri: 'http://127.0.0.1:5173/',
          version: '1',
          nonce: 'dappnonce1',
          issuedAt: new Date().toISOString(),
          expirationTime: new Date(Date.now() + 60_000).toISOString(),
        }
        return {
          data,
          message: createSiweMessage({
            address: accountAddress,
            chainId: 31337,
            domain: data.domain,
            uri: data.uri,
            version: '1',
            nonce: data.nonce,
            issuedAt: new Date(data.issuedAt),
            expirationTime: new Date(data.expirationTime),
          }),
        }
      }
      const session = request.params[0] as { message: string; signature: Hex; data: { accountAddress: Address } }
      if (!(await verifyMessage({ address: session.data.accountAddress, message: session.message, signature: session.signature }).catch(() => false))) throw new Error('Invalid signature')
      return null
    }
    let result = await core.prepareWrite({ ...signIn(account.address), via: 'dapp' })
    while (result.status === 'step') {
      const step = result
      const answer =
        step.target === 'dapp'
          ? await dapp(step.request).then(
              (value) => ({ ok: true as const, result: value }),
              (error: Error) => ({ ok: false as const, error: { message: error.message } }),
            )
          : { ok: true as const, result: await account.sign(hexToString(step.request.params[0] as Hex)) }
      if (step.target === 'wallet') await core.markWriteAsked(step.writeId)
      result = await core.submitWriteResult(step.writeId, answer)
    }
    expect(result).toMatchObject({ status: 'error', error: { code: 'SIWX_VERIFY_FAILED', values: { account: 'smartAccount' } } })
    // The signature it refused holds on chain (EIP-6492): the dapp's verifier does not take smart accounts.
    expect((result as { error: { details: string } }).error.details).toContain('holds on chain')
    core.dispose()
  }, 60_000)

  it("the core's own check on chain: a smart account's good signature holds (6492, then 1271), a stranger's does not, an EOA is no smart account", async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const account = await signingAccount(owner)
    const client = createPublicClient({ transport: http(rpcUrl()) })
    const message = 'hello'
    expect(await smartAccountSignature(client, { address: account.address, message, signature: await account.sign(message) })).toEqual({ smartAccount: true, validOnChain: true })
    await account.deploy()
    expect(await smartAccountSignature(client, { address: account.address, message, signature: await account.sign(message) })).toEqual({ smartAccount: true, validOnChain: true })
    const stranger = privateKeyToAccount(generatePrivateKey())
    expect(await smartAccountSignature(client, { address: account.address, message, signature: await stranger.signMessage({ message }) })).toEqual({ smartAccount: true, validOnChain: false })
    expect(await smartAccountSignature(client, { address: owner.address, message, signature: await owner.signMessage({ message }) })).toEqual({ smartAccount: false, validOnChain: false })
  }, 60_000)
})
