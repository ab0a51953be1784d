import { describe, expect, it } from 'vitest'
import { onrampNetworkFor, sampleOnrampOptions } from './onramp.ts'
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
