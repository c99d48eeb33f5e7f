/**
 * The part of the WebAssembly JavaScript API that the playout kernel uses. Node has the API built in, but its
 * types ship only with TypeScript's DOM library, which would bring every browser global into the project.
 */
declare namespace WebAssembly {
  class Module {
    constructor(bytes: Uint8Array);
  }
  class Memory {
    constructor(descriptor: { initial: number; maximum?: number });
    readonly buffer: ArrayBuffer;
  }
  class Instance {
    constructor(module: Module, imports: Record<string, Record<string, unknown>>);
    readonly exports: Record<string, unknown>;
  }
}
