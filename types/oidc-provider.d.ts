// oidc-provider ships no type declarations; only the development provider script uses it.
declare module "oidc-provider";
