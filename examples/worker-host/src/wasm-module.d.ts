// A `.wasm` import is a compiled module in a Worker (workerd's CompiledWasm module type).
declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
