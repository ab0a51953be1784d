import { describe, expect, it } from 'vitest'
import { onrampNetworkFor, sampleOnrampOptions, sampleOnrampQuote } from './onramp.ts'
import { isRestrictedTimezone } from './onramp-region.ts'

describe('onramp', () => {
  it('knows the restricted timezones of SPEC §5 by city, old spellings included', () => {
    for (const tz of ['Asia/Shanghai', 'Asia/Urumqi', 'Asia/Chongqing', 'Asia/Chungking', 'Asia/Harbin', 'Asia/Kashgar', 'Asia/Macau', 'Asia/Macao', 'Asia/Hong_Kong', 'Hongkong', 'PRC']) {
      expect(isRestrictedTimezone(tz), tz).toBe(true)
    }
    for (const tz of ['Europe/Berlin', 'Asia/Tokyo', 'Asia/Taipei', 'UTC', '', undefined]) expect(isRestrictedTimezone(tz), String(tz)).toBe(false)
  })

  it('picks the network of the account’s chain, else the card provider’s fallback (ethereum)', () => {
    const options = sampleOnrampOptions()
    expect(onrampNetworkFor(options, 'eth', '8453')).toBe('base')
    expect(onrampNetworkFor(options, 'ETH', '31337')).toBe('ethereum')
  })
})

describe('sampleOnrampQuote: amounts the reliability fuzzer typed', () => {
  const quote = (amount: string) => sampleOnrampQuote({ amount, paymentCurrency: 'USD', purchaseCurrency: 'eth', network: 'ethereum', paymentMethod: 'card' }, 2000)
  it('estimates nothing for an amount that is not a plain positive decimal', () => {
    for (const amount of ['-5', ' -08726 ', '0x' + 'f'.repeat(64), '1e999', '1' + '0'.repeat(25), 'abc']) expect(quote(amount).paymentTotal.value).toBe('0.00')
  })
  it('still estimates a typed amount', () => {
    expect(quote(' 50 ')).toMatchObject({ paymentTotal: { value: '50.00' }, coinbaseFee: { value: '1.00' } })
  })
})
