// The legal pages are CMS pages; their paths are fixed in the content (src/content/stories). A module of
// its own: the consent banner and the registration page link them without loading the footer's code.

export const legalPages = [
  { key: 'footer.privacy', de: '/datenschutz', en: '/privacy-policy' },
  { key: 'footer.terms', de: '/agb', en: '/terms-and-conditions' },
  { key: 'footer.cancellation', de: '/stornobedingungen', en: '/cancellation-policy' },
  { key: 'footer.revocation', de: '/widerrufsrecht', en: '/right-of-revocation' },
  { key: 'footer.imprint', de: '/impressum', en: '/imprint' },
] as const;
