/** The Sandbox Phone Wallet's mark: a phone on a teal tile, the Sandbox Wallet's colours. */
export const PHONE_WALLET_ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32">' +
  '<title>Sandbox Phone Wallet</title>' +
  '<rect width="32" height="32" rx="8" fill="#0f766e"/>' +
  '<rect x="10" y="4.5" width="12" height="23" rx="2.5" fill="#fde68a"/>' +
  '<rect x="11.8" y="7.5" width="8.4" height="15" rx="1" fill="#0f766e"/>' +
  '<rect x="13.5" y="10.5" width="5" height="3.5" rx="1" fill="#fbbf24"/>' +
  '<circle cx="16" cy="25" r="1.1" fill="#b45309"/>' +
  '</svg>'
