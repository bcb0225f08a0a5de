// Written by `bundle-contract.ts` when it bundles the contract Worker: each contract test file by name,
// and a function that loads it.
declare module "virtual:store-contract-files" {
  export const CONTRACT_FILES: readonly (readonly [file: string, load: () => Promise<unknown>])[];
}
