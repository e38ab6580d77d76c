// oidc-provider 8 ships no type declarations; we use a small, loosely typed surface of it.
declare module 'oidc-provider' {
  const Provider: any;
  export default Provider;
  export const errors: Record<string, any>;
}
