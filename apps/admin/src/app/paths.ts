/** Every route of the back office (under the /admin base), in one place. */
export const paths = {
  home: '/',
  signIn: '/sign-in',
  enrol: '/enrol',
  operators: '/operators',
  audit: '/audit',
  proposals: '/proposals',
  products: '/products',
  productPropose: '/products/propose',
} as const;
