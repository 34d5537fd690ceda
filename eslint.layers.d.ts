// Types for tools/layers.test.ts, which reads the layer list eslint.config.js applies.
export declare const LAYERS: readonly (readonly [name: string, entries: readonly string[]])[];
export declare const layerRules: readonly object[];
