// Sandbox onramp checkout: the form works without this file; it only shows progress while the
// treasury's transfer is mined.
const form = document.querySelector('form[data-checkout]')
if (form) {
  form.addEventListener('submit', () => {
    const button = form.querySelector('button[type="submit"]')
    if (button) {
      button.disabled = true
      button.textContent = 'Processing…'
    }
  })
}
