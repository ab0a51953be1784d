/** The word lists the catalogue's generated wallet names are made of ("Aurora Wallet", "Birch Vault"…). */
export const FIRST_WORDS = [
  'Aurora', 'Birch', 'Cobalt', 'Delta', 'Ember', 'Fjord', 'Granite', 'Harbor', 'Indigo', 'Juniper',
  'Kestrel', 'Lumen', 'Maple', 'Nimbus', 'Onyx', 'Pebble', 'Quartz', 'Raven', 'Sierra', 'Tundra',
  'Umber', 'Velvet', 'Willow', 'Xenon', 'Yarrow', 'Zephyr', 'Atlas', 'Beacon', 'Cedar', 'Dune',
] as const

export const SECOND_WORDS = [
  'Wallet', 'Vault', 'Keys', 'Pay', 'Safe', 'Pocket', 'Purse', 'Ledger', 'Pass', 'Chest', 'Link',
  'Hub', 'Box', 'Coin', 'Guard', 'Signer', 'Keep', 'Mobile', 'Connect', 'Lite', 'Folio', 'Wallet Pro',
] as const
