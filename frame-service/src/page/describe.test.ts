import { encodeFunctionData, erc20Abi, erc721Abi, maxUint256, parseUnits, toHex, type Address } from 'viem'
import { entryPoint08Address, formatUserOperation, getUserOperationHash, type RpcUserOperation } from 'viem/account-abstraction'
import { describe as group, expect, it } from 'vitest'
import { OddHexMessage, personalMessage } from '../personal-message.ts'
import { simpleAccountAbi } from '../simple-account-abi.ts'
import {
  APPROVAL_TEXT,
  ApprovalRefused,
  addressesToName,
  contractToRead,
  dappUserOperationCalls,
  decodeCall,
  describe,
  escapeDeceptive,
  freezeRequest,
  isUnlimited,
  messageView,
  type ChainFacts,
  type DescribeContext,
} from './describe.ts'
import { readContext } from './reads.ts'

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as Address
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Address
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3' as Address
const CHAIN: ChainFacts = { id: 31337, name: 'Portico Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, usd: 3000 }
const USDC = { symbol: 'USDC', decimals: 6, name: 'USD Coin', nft: false }
const context = (extra: Partial<DescribeContext> = {}): DescribeContext => ({ chain: CHAIN, account: ACCOUNT, ...extra })
const rows = (d: ReturnType<typeof describe>) => Object.fromEntries(d.rows.map((r) => [r.testId, r.value]))

group('personal_sign', () => {
  it('shows UTF-8 as text and anything else as hex under a warning', () => {
    expect(messageView(toHex('Hello from the Portico demo'))).toEqual({ kind: 'text', text: 'Hello from the Portico demo' })
    expect(messageView('plain words')).toEqual({ kind: 'text', text: 'plain words' })
    expect(messageView('0xff00aa')).toMatchObject({ kind: 'hex', text: '0xff00aa', warning: expect.stringContaining('not readable text') })
    // Text that reads other than it is (a right-to-left override, a control character) is not shown as text.
    expect(messageView(toHex('pay \u202Eevil'))).toMatchObject({ kind: 'hex' })
    expect(messageView('bell\u0007')).toMatchObject({ kind: 'hex', text: toHex('bell\u0007') })
    const d = describe(freezeRequest('personal_sign', [toHex('gm'), ACCOUNT], 31337), context())
    expect(d).toMatchObject({ title: 'Sign this message', message: { kind: 'text', text: 'gm' }, warnings: [] })
    expect(rows(d)).toEqual({ network: 'Portico Local (31337)', account: ACCOUNT })
  })

  it('follows the service’s one rule for hex: even-length hex is bytes, odd-length hex is refused (never shown as text and signed padded)', () => {
    expect(() => freezeRequest('personal_sign', ['0xabc', ACCOUNT], 31337)).toThrow('Invalid params for personal_sign: the message is hex of an odd length')
    expect(personalMessage('0xabc0')).toEqual({ raw: '0xabc0' })
    expect(() => personalMessage('0xabc')).toThrow(OddHexMessage)
    expect(personalMessage('0xzz')).toBe('0xzz')
    expect(describe(freezeRequest('personal_sign', ['0xzz', ACCOUNT], 31337), context()).message).toEqual({ kind: 'text', text: '0xzz' })
  })

  it('refuses params it cannot read before showing anything', () => {
    expect(() => freezeRequest('personal_sign', [toHex('gm')], 31337)).toThrow(ApprovalRefused)
    expect(() => freezeRequest('personal_sign', [toHex('gm'), 'not an address'], 31337)).toThrow(/Invalid params for personal_sign/)
    expect(() => freezeRequest('solana_signMessage', [], 31337)).toThrow('Unsupported method solana_signMessage')
  })
})

group('freezing', () => {
  it('signs a deep-frozen copy: the page changing its object afterwards changes nothing', () => {
    const params = [{ from: ACCOUNT, to: BOB, value: '0x1' }] as [Record<string, string>]
    const frozen = freezeRequest('eth_sendTransaction', params, 31337)
    params[0]['to'] = TOKEN
    params[0]['value'] = '0xffff'
    expect(frozen.params[0]).toEqual({ from: ACCOUNT, to: BOB, value: '0x1' })
    expect(Object.isFrozen(frozen)).toBe(true)
    expect(Object.isFrozen(frozen.params[0])).toBe(true)
    expect(() => {
      ;(frozen.params[0] as { to: string }).to = TOKEN
    }).toThrow(TypeError)
  })
})

group('eth_signTypedData_v4', () => {
  const typed = {
    domain: { name: 'Portico Mail', version: '1', chainId: 31337, verifyingContract: TOKEN },
    types: {
      EIP712Domain: [
        { name: 'name', type: 'string' },
        { name: 'version', type: 'string' },
        { name: 'chainId', type: 'uint256' },
        { name: 'verifyingContract', type: 'address' },
      ],
      Person: [
        { name: 'name', type: 'string' },
        { name: 'wallet', type: 'address' },
      ],
      Mail: [
        { name: 'from', type: 'Person' },
        { name: 'to', type: 'Person[]' },
        { name: 'contents', type: 'string' },
      ],
    },
    primaryType: 'Mail',
    message: { from: { name: 'Alice', wallet: ACCOUNT.toLowerCase() }, to: [{ name: 'Bob', wallet: BOB }], contents: 'Hello, Bob!', notSigned: 'hidden' },
  }

  it('shows the domain and the whole message as its types say (fields outside the types are not signed, so not shown)', () => {
    const d = describe(freezeRequest('eth_signTypedData_v4', [ACCOUNT, JSON.stringify(typed)], 31337), context({ names: new Map([[TOKEN.toLowerCase(), 'Mailbox']]) }))
    expect(d.title).toBe('Sign typed data')
    expect(rows(d)).toMatchObject({ 'domain-name': 'Portico Mail', 'domain-version': '1', 'domain-chain': 'Portico Local (31337)', 'domain-contract': `Mailbox (${TOKEN})` })
    expect(d.tree).toEqual({
      label: 'Mail',
      children: [
        {
          label: 'from',
          children: [
            { label: 'name', value: 'Alice' },
            { label: 'wallet', value: ACCOUNT },
          ],
        },
        {
          label: 'to',
          children: [
            {
              label: 'to[0]',
              children: [
                { label: 'name', value: 'Bob' },
                { label: 'wallet', value: BOB },
              ],
            },
          ],
        },
        { label: 'contents', value: 'Hello, Bob!' },
      ],
    })
  })

  it('shows invisible and direction-changing characters of its strings as code points, under a warning; without a chain id, warns that the signature works on any chain', () => {
    const spoofed = {
      ...typed,
      domain: { ...typed.domain, name: 'Portico\u200b Mail' },
      message: { ...typed.message, contents: 'Pay \u202Eevil\u202C now' },
    }
    const d = describe(freezeRequest('eth_signTypedData_v4', [ACCOUNT, JSON.stringify(spoofed)], 31337), context())
    expect(rows(d)['domain-name']).toBe('Portico⟨U+200B⟩ Mail')
    expect(d.tree?.children?.at(-1)).toEqual({ label: 'contents', value: 'Pay ⟨U+202E⟩evil⟨U+202C⟩ now' })
    expect(d.warnings).toEqual([APPROVAL_TEXT.deceptiveText])
    expect(escapeDeceptive('\ufeffa\u2060b\u061c')).toBe('⟨U+FEFF⟩a⟨U+2060⟩b⟨U+061C⟩')
    // Plain text is left as it is, with no warning.
    expect(describe(freezeRequest('eth_signTypedData_v4', [ACCOUNT, JSON.stringify(typed)], 31337), context()).warnings).toEqual([])
    const { chainId: _, ...anyChain } = typed.domain
    const unbound = describe(freezeRequest('eth_signTypedData_v4', [ACCOUNT, JSON.stringify({ ...typed, domain: anyChain })], 31337), context())
    expect(unbound.warnings).toEqual(['This typed data names no chain: a signature of it may be used on any chain.'])
  })

  it('refuses typed data for another chain than the connected one, and typed data that does not match its types', () => {
    expect(() => freezeRequest('eth_signTypedData_v4', [ACCOUNT, JSON.stringify(typed)], 31338)).toThrow('The typed data is for chain 31337, not the connected chain 31338')
    expect(() => freezeRequest('eth_signTypedData_v4', [ACCOUNT, JSON.stringify({ ...typed, domain: { ...typed.domain, chainId: '0x7a6a' } })], 31337)).toThrow(/not the connected chain 31337/)
    expect(() => freezeRequest('eth_signTypedData_v4', [ACCOUNT, JSON.stringify({ ...typed, message: { ...typed.message, from: { name: 'A', wallet: 'nope' } } })], 31337)).toThrow(ApprovalRefused)
    expect(() => freezeRequest('eth_signTypedData_v4', [ACCOUNT, '{not json'], 31337)).toThrow('Invalid params for eth_signTypedData_v4: the typed data is not JSON')
  })
})

group('eth_sendTransaction', () => {
  const send = (data: `0x${string}` | undefined, extra: Record<string, string> = {}) => freezeRequest('eth_sendTransaction', [{ from: ACCOUNT, to: TOKEN, ...(data ? { data } : {}), ...extra }], 31337)

  it('a plain transfer: network, from, to, value in the native token and USD, the fee', () => {
    const request = freezeRequest('eth_sendTransaction', [{ from: ACCOUNT, to: BOB, value: '0x2386f26fc10000' }], 31337)
    expect(contractToRead(request)).toBeUndefined()
    const d = describe(request, context({ feeWei: 21_000n * 2_000_000_000n }))
    expect(d.summary).toBe(`Send 0.01 ETH to ${BOB}`)
    expect(rows(d)).toEqual({ network: 'Portico Local (31337)', from: ACCOUNT, to: BOB, value: '0.01 ETH (≈ $30.00)', fee: '≈ 0.000042 ETH (≈ $0.13)' })
    expect(d.warnings).toEqual([])
  })

  it('ERC-20 transfer, approve (limited and unlimited) and transferFrom in words', () => {
    const transfer = send(encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [BOB, parseUnits('25', 6)] }))
    expect(contractToRead(transfer)).toBe(TOKEN)
    const names = new Map([[TOKEN.toLowerCase(), 'USD Coin']])
    const t = describe(transfer, context({ token: USDC, names }))
    expect(t.summary).toBe(`Send 25 USDC to ${BOB}`)
    expect(rows(t)['to']).toBe(`USD Coin (${TOKEN})`)
    expect(t.raw).toBeUndefined()

    const allow = describe(send(encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [BOB, parseUnits('25', 6)] })), context({ token: USDC }))
    expect(allow.summary).toBe(`Allow ${BOB} to spend 25 USDC`)
    expect(allow.warnings).toEqual([])
    for (const amount of [maxUint256, 2n ** 96n - 1n, parseUnits('5000000000000', 6)]) {
      const unlimited = describe(send(encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [BOB, amount] })), context({ token: USDC }))
      expect(unlimited.summary).toBe(`Allow ${BOB} to spend unlimited USDC`)
      // A danger, not a warning: Approve arms only once the visitor marks it read.
      expect(unlimited.warnings).toEqual([])
      expect(unlimited.dangers).toEqual([`Unlimited approval: ${BOB} can spend all of your USDC, now and later.`])
    }
    expect(isUnlimited(parseUnits('1000000', 6), 6)).toBe(false)

    const from = describe(send(encodeFunctionData({ abi: erc20Abi, functionName: 'transferFrom', args: [ACCOUNT, BOB, parseUnits('1.5', 6)] })), context({ token: USDC }))
    expect(from.summary).toBe(`Send 1.5 USDC from ${ACCOUNT} to ${BOB}`)
  })

  it('ERC-721 transfers as NFT transfers (transferFrom told apart by the contract)', () => {
    const nft = { symbol: 'PNFT', decimals: 0, name: 'Portico Cats', nft: true }
    const safe = describe(send(encodeFunctionData({ abi: erc721Abi, functionName: 'safeTransferFrom', args: [ACCOUNT, BOB, 7n] })), context({ token: nft }))
    expect(safe.summary).toBe(`Transfer NFT #7 of Portico Cats from ${ACCOUNT} to ${BOB}`)
    const plain = describe(send(encodeFunctionData({ abi: erc721Abi, functionName: 'transferFrom', args: [ACCOUNT, BOB, 8n] })), context({ token: nft }))
    expect(plain.summary).toBe(`Transfer NFT #8 of Portico Cats from ${ACCOUNT} to ${BOB}`)
    expect(decodeCall(encodeFunctionData({ abi: erc721Abi, functionName: 'setApprovalForAll', args: [BOB, true] }))).toEqual({ kind: 'nftApproveAll', operator: BOB, approved: true })
    const all = describe(send(encodeFunctionData({ abi: erc721Abi, functionName: 'setApprovalForAll', args: [BOB, true] })), context({ token: nft }))
    expect(all.dangers).toEqual([`Unlimited approval: ${BOB} can spend all of your Portico Cats, now and later.`])
    expect(describe(send(encodeFunctionData({ abi: erc721Abi, functionName: 'setApprovalForAll', args: [BOB, false] })), context({ token: nft })).dangers).toBeUndefined()
  })

  it('unknown calldata, or a token call to a contract that is no token, is shown raw under a warning', () => {
    const unknown = describe(send('0xdeadbeef0000'), context())
    expect(unknown.summary).toBeUndefined()
    expect(unknown.raw).toBe('0xdeadbeef0000')
    expect(unknown.warnings).toEqual([expect.stringContaining('cannot read')])
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [BOB, 25n] })
    const notAToken = describe(send(data), context({ token: null }))
    expect(notAToken.summary).toBeUndefined()
    expect(notAToken.raw).toBe(data)
    expect(() => send('0x12', { input: '0x34' })).toThrow(/data and input differ/)
  })

  it('says when the fee is unknown and when there is no recipient', () => {
    const d = describe(freezeRequest('eth_sendTransaction', [{ from: ACCOUNT, data: '0x6000' }], 31337), context({ feeWei: null }))
    expect(rows(d)['fee']).toBe('Unknown')
    expect(rows(d)['to']).toBe('—')
    expect(d.warnings).toEqual(['This transaction creates a contract.', 'The network could not estimate this transaction: it will likely fail.'])
  })
})

group('names beside addresses', () => {
  const transfer = () =>
    freezeRequest('eth_sendTransaction', [{ from: ACCOUNT, to: TOKEN, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [BOB, parseUnits('25', 6)] }) }], 31337)
  const failingRpc = async () => {
    throw new Error('no chain in this test')
  }

  it('asks for the receiver and every party the calldata names', () => {
    expect(addressesToName(transfer())).toEqual([TOKEN.toLowerCase(), BOB.toLowerCase()])
    const approve = freezeRequest('eth_sendTransaction', [{ from: ACCOUNT, to: TOKEN, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [BOB, 1n] }) }], 31337)
    expect(addressesToName(approve)).toEqual([TOKEN.toLowerCase(), BOB.toLowerCase()])
    expect(addressesToName(freezeRequest('personal_sign', [toHex('gm'), ACCOUNT], 31337))).toEqual([])
  })

  it('shows a looked-up name beside its address, and never one that hides or reorders characters', async () => {
    const lookup = async () => ({ [BOB.toLowerCase()]: 'alice.reown.id', [TOKEN.toLowerCase()]: 'evil\u202Edi.nwoer' })
    const ctx = await readContext(failingRpc, transfer(), [CHAIN], ACCOUNT, lookup)
    expect(ctx.names?.get(BOB.toLowerCase())).toBe('alice.reown.id')
    expect(ctx.names?.has(TOKEN.toLowerCase())).toBe(false)
    // The token read from the chain failed here, so the calldata stays raw; the receiver is still named.
    expect(describe(transfer(), ctx).rows.find((r) => r.testId === 'to')?.value).toBe(TOKEN)
  })

  it('goes on without names when the look-up fails', async () => {
    const ctx = await readContext(failingRpc, transfer(), [CHAIN], ACCOUNT, async () => {
      throw new Error('names down')
    })
    expect(ctx.names?.size).toBe(0)
  })
})

group('names in the summary', () => {
  it('names the receiver of a plain transfer in its sentence and its row', () => {
    const send = freezeRequest('eth_sendTransaction', [{ from: ACCOUNT, to: BOB, value: toHex(10n ** 16n) }], 31337)
    const d = describe(send, context({ names: new Map([[BOB.toLowerCase(), 'alice.reown.id']]) }))
    expect(d.summary).toBe(`Send 0.01 ETH to alice.reown.id (${BOB})`)
    expect(rows(d)['to']).toBe(`alice.reown.id (${BOB})`)
  })
})

group('a transaction for a chain', () => {
  it("takes the connected chain's id (the modal's sends carry one) and refuses another chain's before showing anything", () => {
    const frozen = freezeRequest('eth_sendTransaction', [{ from: ACCOUNT, to: BOB, value: '0x1', chainId: '0x7a69' }], 31337)
    expect(frozen.params[0]).toMatchObject({ chainId: '0x7a69' })
    expect(() => freezeRequest('eth_sendTransaction', [{ from: ACCOUNT, to: BOB, value: '0x1', chainId: '0x1' }], 31337)).toThrow('The transaction is for chain 1, not the connected chain 31337')
  })
})

group('a user operation', () => {
  const userOperation = {
    sender: ACCOUNT,
    nonce: '0x0',
    callData: '0x',
    callGasLimit: '0x1',
    verificationGasLimit: '0x1',
    preVerificationGas: '0x1',
    maxFeePerGas: '0x1',
    maxPriorityFeePerGas: '0x1',
  }
  const hashFor = (op: object, entryPoint: Address = entryPoint08Address) =>
    getUserOperationHash({ userOperation: formatUserOperation({ ...op, signature: '0x' } as unknown as RpcUserOperation), entryPointAddress: entryPoint, entryPointVersion: '0.8', chainId: 31337 })

  it('is refused when its hash is not its own, and when its params cannot be read', () => {
    const prepared = { userOperation, hash: `0x${'00'.repeat(32)}`, entryPoint: entryPoint08Address, sponsored: true }
    expect(() => freezeRequest('eth_sendUserOperation', [prepared], 31337)).toThrow('does not match its hash')
    expect(() => freezeRequest('eth_sendUserOperation', [{ ...prepared, userOperation: { ...userOperation, extra: '0x' } }], 31337)).toThrow(ApprovalRefused)
  })

  it('is signed for EntryPoint v0.8 only: an operation hashed for another EntryPoint is refused', () => {
    const other = '0x0000000071727De22E5E9d8BAf0edAc6f37da032' as Address
    const prepared = { userOperation, hash: hashFor(userOperation, other), entryPoint: other, sponsored: false }
    expect(() => freezeRequest('eth_sendUserOperation', [prepared], 31337)).toThrow(
      `The user operation is for EntryPoint ${other}; this wallet signs for EntryPoint v0.8 (${entryPoint08Address}) only`,
    )
  })

  it('says "Gas sponsored" only when the operation names a paymaster, and then shows the paymaster and its fields; a flag is not believed', () => {
    const big = { ...userOperation, callGasLimit: toHex(10_000_000n), verificationGasLimit: toHex(5_000_000n), preVerificationGas: toHex(1_000_000n), maxFeePerGas: toHex(1000n * 10n ** 9n) }
    const unpaid = freezeRequest('eth_sendUserOperation', [{ userOperation: big, hash: hashFor(big), entryPoint: entryPoint08Address, sponsored: true }], 31337)
    expect(unpaid.method === 'eth_sendUserOperation' && unpaid.params[0].sponsored).toBe(false)
    const shown = rows(describe(unpaid, context()))
    // 16,000,000 gas at 1,000 gwei: the visitor's 16 ETH at most, not "Gas sponsored".
    expect(shown['fee']).toBe('at most 16 ETH (≈ $48,000.00)')
    expect(shown['gas-limits']).toBe('10,000,000 for the calls, 5,000,000 verification, 1,000,000 before')
    expect(shown['paymaster']).toBeUndefined()
    const paid = { ...userOperation, paymaster: BOB, paymasterVerificationGasLimit: toHex(60_000n), paymasterPostOpGasLimit: toHex(1n), paymasterData: '0xabcd' }
    const sponsored = freezeRequest('eth_sendUserOperation', [{ userOperation: paid, hash: hashFor(paid), entryPoint: entryPoint08Address, sponsored: false }], 31337)
    expect(sponsored.method === 'eth_sendUserOperation' && sponsored.params[0].sponsored).toBe(true)
    expect(rows(describe(sponsored, context()))).toMatchObject({ fee: 'Gas sponsored', paymaster: BOB, 'paymaster-gas': '60,000 verification, 1 after the operation', 'paymaster-data': '0xabcd' })
  })

  group("a dapp's own operation (eth_sendUserOperation from the page)", () => {
    const execute = encodeFunctionData({ abi: simpleAccountAbi, functionName: 'execute', args: [BOB, 10n ** 18n, '0x'] })
    const batch = encodeFunctionData({
      abi: simpleAccountAbi,
      functionName: 'executeBatch',
      args: [
        [
          { target: BOB, value: 1n, data: '0x' },
          { target: TOKEN, value: 0n, data: '0x1234' },
        ],
      ],
    })
    const dapps = { ...userOperation, callData: execute, callGasLimit: toHex(10_000_000n), paymaster: BOB, signature: '0x00' }

    it('gives its calls alone, from the bundler shape or one object, for the frame to prepare its own', () => {
      expect(dappUserOperationCalls([dapps, entryPoint08Address], ACCOUNT)).toEqual([{ to: BOB, value: '0xde0b6b3a7640000', data: '0x' }])
      expect(dappUserOperationCalls([{ userOperation: { ...dapps, callData: batch }, hash: '0x00', sponsored: true }], ACCOUNT)).toEqual([
        { to: BOB, value: '0x1', data: '0x' },
        { to: TOKEN, value: '0x0', data: '0x1234' },
      ])
    })

    it('is refused for another account, another EntryPoint, or calls the account cannot make', () => {
      expect(() => dappUserOperationCalls([{ ...dapps, sender: BOB }], ACCOUNT)).toThrow(`Unknown account ${BOB}`)
      expect(() => dappUserOperationCalls([dapps, TOKEN], ACCOUNT)).toThrow(`The user operation is for EntryPoint ${TOKEN}; this wallet signs for EntryPoint v0.8`)
      expect(() => dappUserOperationCalls([{ userOperation: dapps, entryPoint: TOKEN }], ACCOUNT)).toThrow(/EntryPoint v0.8/)
      expect(() => dappUserOperationCalls([{ ...dapps, callData: '0xdeadbeef' }], ACCOUNT)).toThrow(
        'Invalid params for eth_sendUserOperation: its callData is not the smart account’s execute or executeBatch',
      )
      expect(() => dappUserOperationCalls([], ACCOUNT)).toThrow(/Invalid params for eth_sendUserOperation/)
      expect(() => dappUserOperationCalls('0x', ACCOUNT)).toThrow(ApprovalRefused)
    })
  })
})
