/** The Sandbox Wallet's mark: a sand-coloured wallet on a teal tile, with a "dev" dot. */
export const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32">' +
  '<rect width="32" height="32" rx="8" fill="#0f766e"/>' +
  '<rect x="6" y="10" width="20" height="14" rx="3" fill="#fde68a"/>' +
  '<path d="M8 10l12-4.5a2 2 0 0 1 2.6 1.2L23.8 10z" fill="#fbbf24"/>' +
  '<rect x="18" y="14.5" width="8" height="5" rx="2.5" fill="#b45309"/>' +
  '<circle cx="21" cy="17" r="1.2" fill="#fde68a"/>' +
  '</svg>'

/** EIP-6963 wants a data URI; this one survives being put in an <img src>. */
export const ICON_DATA_URI = `data:image/svg+xml,${encodeURIComponent(ICON_SVG)}`
